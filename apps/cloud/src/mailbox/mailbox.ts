import type { AddressInfo } from 'node:net'
import type { MailboxMessage } from '@allaccess/protocol'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** The most messages the development mailbox keeps (the oldest go first). */
export const MAILBOX_MAX_MESSAGES = 500
/** The largest message it takes, in bytes; larger ones are refused (552). */
export const MAILBOX_MAX_MESSAGE_BYTES = 1024 * 1024

/**
 * The development mailbox (apps/cloud/README.md#mailbox): an SMTP server on loopback that keeps the last
 * MAILBOX_MAX_MESSAGES messages in memory, for the inbox page and the tests. No authentication, no relaying:
 * it only collects.
 */
export class DevMailbox {
  private readonly messages: MailboxMessage[] = []
  private nextId = 1
  private constructor(
    readonly smtpUrl: string,
    private readonly server: SMTPServer,
    private readonly maxMessages: number,
  ) {}

  /**
   * Listens on `host:port` (0: any free port), keeping the last `maxMessages`. Rejects with the listen error
   * (EADDRINUSE); later errors (a client dropping its connection) go to `onError`.
   */
  static async start(
    host: string,
    port: number,
    { maxMessages = MAILBOX_MAX_MESSAGES, onError = (_error: Error) => {} } = {},
  ): Promise<DevMailbox> {
    let mailbox: DevMailbox | undefined
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: MAILBOX_MAX_MESSAGE_BYTES,
      rejectOversized: true,
      logger: false,
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase())
        simpleParser(stream)
          .then((parsed) => {
            if (!stream.sizeExceeded) mailbox?.keep(to, parsed)
            callback()
          })
          .catch((error: Error) => callback(error))
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
    server.on('error', onError)
    const address = server.server.address() as AddressInfo
    const bracketed = address.address.includes(':') ? `[${address.address}]` : address.address
    mailbox = new DevMailbox(`smtp://${bracketed}:${address.port}`, server, maxMessages)
    return mailbox
  }

  /** Newest first; only those addressed to `to` when given (case-insensitive). */
  list(to?: string): MailboxMessage[] {
    const wanted = to?.toLowerCase()
    return this.messages.filter((message) => !wanted || message.to.includes(wanted)).reverse()
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }

  private keep(to: string[], parsed: Awaited<ReturnType<typeof simpleParser>>): void {
    this.messages.push({
      id: this.nextId++,
      to,
      from: parsed.from?.text ?? '',
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : null,
      date: new Date().toISOString(),
    })
    if (this.messages.length > this.maxMessages) this.messages.shift()
  }
}
