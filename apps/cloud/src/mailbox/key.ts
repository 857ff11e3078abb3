import { createHmac } from 'node:crypto'

/** The query parameter that carries the mailbox key (a browser opening the inbox page sends no header). */
export const MAILBOX_KEY_PARAM = 'key'

/**
 * The mailbox's key, derived from the admin token: it opens the development mailbox and nothing else, so the
 * cloud can print a link to the inbox without printing the admin token.
 */
export function mailboxKeyOf(adminToken: string): string {
  return createHmac('sha256', adminToken).update('allaccess development mailbox').digest('base64url')
}

/** The inbox page's URL with its key, for a cloud at `cloudUrl` with this admin token. */
export function mailboxUrlOf(cloudUrl: string, adminToken: string): string {
  return `${cloudUrl.replace(/\/+$/, '')}/mailbox?${MAILBOX_KEY_PARAM}=${mailboxKeyOf(adminToken)}`
}
