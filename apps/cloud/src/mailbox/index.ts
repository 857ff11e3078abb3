export { MAILBOX_KEY_PARAM, mailboxKeyOf, mailboxUrlOf } from './key.js'
export {
  DevMailbox,
  MAILBOX_MAX_MESSAGE_BYTES,
  MAILBOX_MAX_MESSAGES,
} from './mailbox.js'
export { mailboxRoutes } from './routes.js'
