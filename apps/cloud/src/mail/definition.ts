import type { FastifyBaseLogger } from 'fastify'
import { DevMailbox, mailboxRoutes } from '../mailbox/index.js'
import { isAddressInUse, PortInUseError } from '../port-in-use.js'
import { defineService } from '../service/define.js'
import { type MailConfig, mailConfig } from './config.js'
import { Mailer } from './mailer.js'

/** The development mailbox on its configured port; PortInUseError when another process holds it. */
async function openMailbox(
  { enabled, host, port }: MailConfig['mailbox'],
  log: FastifyBaseLogger,
): Promise<DevMailbox | undefined> {
  if (!enabled) return undefined
  try {
    return await DevMailbox.start(host, port, {
      onError: (error) => log.warn({ err: error }, 'mailbox error'),
    })
  } catch (error) {
    throw isAddressInUse(error) ? new PortInUseError(port, 'MAILBOX_PORT') : error
  }
}

/** Outgoing mail, and the development mailbox (when `config.mail.mailbox.enabled`) that receives it. */
export const mailService = defineService({
  name: 'mail',
  env: mailConfig,
  open: async (_, { config, log }) => {
    const mailbox = await openMailbox(config.mail.mailbox, log)
    // The configuration guarantees one of the two.
    const mailer = new Mailer(config.mail.smtpUrl ?? (mailbox as DevMailbox).smtpUrl, config.mail.from)
    return { mailbox, mailer }
  },
  routes: async (app, { mailbox }: { mailbox: DevMailbox | undefined }, { adminToken }) => {
    if (mailbox) await app.register(mailboxRoutes, { mailbox, adminToken })
  },
  close: async ({ mailbox, mailer }) => {
    mailer.close()
    await mailbox?.close()
  },
})
