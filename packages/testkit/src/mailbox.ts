import { type MailboxMessage, mailboxMessagesSchema } from '@allaccess/protocol'

/**
 * Reads the cloud's development mailbox (apps/cloud/README.md#mailbox) in tests: the e-mails sent to an address,
 * polled until the wanted one arrives or the time is up.
 */

export type WaitOptions = {
  /** Only messages received after this instant (epoch ms or a Date): the ones a step under test caused. */
  after?: number | Date
  /** How long to wait in all; 10 s by default. */
  timeoutMs?: number
  /** Between two reads; 100 ms by default. */
  pollMs?: number
}

/** No matching e-mail arrived in time. */
export class MailboxTimeoutError extends Error {
  override readonly name = 'MailboxTimeoutError'
}

const CODE = /\b(\d{6})\b/
const LINK = /https?:\/\/\S+/

/**
 * The messages to `email`, newest first. `mailboxUrl` is the inbox page's URL with its key, as the cloud prints it
 * (`<cloud>/mailbox?key=…`: `RunningCloud.mailboxUrl`).
 */
export async function readMailbox(mailboxUrl: string, email: string): Promise<MailboxMessage[]> {
  const url = new URL(mailboxUrl)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/messages`
  url.searchParams.set('to', email)
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
  if (!response.ok) throw new Error(`mailbox answered HTTP ${response.status} for ${url}`)
  return mailboxMessagesSchema.parse(await response.json()).messages
}

/** The newest message to `email` received after `after` for which `pick` returns a value: that value. */
export async function waitForMessage<T>(
  mailboxUrl: string,
  email: string,
  pick: (message: MailboxMessage) => T | undefined,
  { after = 0, timeoutMs = 10_000, pollMs = 100 }: WaitOptions = {},
): Promise<T> {
  const since = typeof after === 'number' ? after : after.getTime()
  const deadline = Date.now() + timeoutMs
  for (;;) {
    for (const message of await readMailbox(mailboxUrl, email)) {
      if (Date.parse(message.date) < since) break
      const value = pick(message)
      if (value !== undefined) return value
    }
    if (Date.now() >= deadline)
      throw new MailboxTimeoutError(`no matching e-mail to ${email} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}

/** The 6-digit code of the newest code e-mail to `email` (in its body: subjects never carry it). */
export function waitForCode(mailboxUrl: string, email: string, options?: WaitOptions): Promise<string> {
  return waitForMessage(mailboxUrl, email, (message) => CODE.exec(message.text)?.[1], options)
}

/** The first link of the newest e-mail to `email` that has one (the device approval link). */
export function waitForLink(mailboxUrl: string, email: string, options?: WaitOptions): Promise<string> {
  return waitForMessage(mailboxUrl, email, (message) => LINK.exec(message.text)?.[0], options)
}
