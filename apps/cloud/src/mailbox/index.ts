export {
  DevMailbox,
  MAILBOX_MAX_MESSAGE_BYTES,
  MAILBOX_MAX_MESSAGES,
  type MailboxMessage,
} from './mailbox.js'
export { mailboxRoutes } from './routes.js'
