import { z } from 'zod'
import { defineConfig, flag, int } from '../config/section.js'

export type MailConfig = {
  /** Where mail goes: `SMTP_URL`, else the development mailbox. */
  smtpUrl: string | undefined
  from: string
  /**
   * The development mailbox (apps/cloud/README.md#mailbox): on by default when `SMTP_URL` is unset outside
   * production; port 0 takes any free port (`npm start` asks for 2525).
   */
  mailbox: { enabled: boolean; host: string; port: number }
}

export const mailConfig = defineConfig({
  env: {
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).max(200).default('All-Access Pass <no-reply@allaccess.localhost>'),
    MAILBOX: flag.optional(),
    MAILBOX_HOST: z.string().min(1).default('127.0.0.1'),
    MAILBOX_PORT: int(0, 65535).default(0),
  },
  read: (e, { production, issues }): { mail: MailConfig } => {
    const mailbox = e.MAILBOX ?? (e.SMTP_URL === undefined && !production)
    if (production && mailbox)
      issues.push(
        'MAILBOX: the development mailbox (every code and link) cannot run with NODE_ENV=production',
      )
    if (!mailbox && e.SMTP_URL === undefined)
      issues.push(
        'SMTP_URL: required when the development mailbox is off (MAILBOX=0, or NODE_ENV=production)',
      )
    return {
      mail: {
        smtpUrl: e.SMTP_URL,
        from: e.MAIL_FROM,
        mailbox: { enabled: mailbox, host: e.MAILBOX_HOST, port: e.MAILBOX_PORT },
      },
    }
  },
})
