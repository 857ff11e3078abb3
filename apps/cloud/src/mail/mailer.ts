import { ERROR_CODES } from '@allaccess/protocol'
import nodemailer, { type Transporter } from 'nodemailer'
import { HttpError } from '../http/errors.js'

/** One e-mail: plain text and its simple HTML twin. */
export type Mail = { to: string; subject: string; text: string; html: string }

/** How long one delivery to the SMTP server may take before the request fails. */
const SEND_TIMEOUT_MS = 15_000

/** The SMTP server refused or did not answer: 503, the caller tries again later. */
export class MailUnavailableError extends HttpError {
  override readonly name = 'MailUnavailableError'
  constructor() {
    super(503, 'The e-mail could not be sent. Try again later.', ERROR_CODES.upstreamUnavailable)
  }
}

/** Sends mail with nodemailer to `SMTP_URL` (or the development mailbox), from `MAIL_FROM`. */
export class Mailer {
  private readonly transport: Transporter

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: SEND_TIMEOUT_MS,
      greetingTimeout: SEND_TIMEOUT_MS,
      socketTimeout: SEND_TIMEOUT_MS,
    })
  }

  /** Throws MailUnavailableError when the server does not take the message. */
  async send(mail: Mail): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, ...mail })
    } catch (error) {
      throw Object.assign(new MailUnavailableError(), { cause: error })
    }
  }

  close(): void {
    this.transport.close()
  }
}
