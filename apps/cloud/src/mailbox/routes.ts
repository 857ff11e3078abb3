import { type MailboxMessage, mailboxMessagesSchema } from '@allaccess/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminTokenMatches, bearerToken } from '../admin/token.js'
import { HttpError } from '../http/errors.js'
import { escapeHtml } from '../http/html.js'
import { MAILBOX_KEY_PARAM, mailboxKeyOf } from './key.js'
import type { DevMailbox } from './mailbox.js'

type Options = { mailbox: DevMailbox; adminToken: string }

const toQuery = z.object({
  to: z.string().max(254).optional().describe('only the messages to this address (case-insensitive)'),
  [MAILBOX_KEY_PARAM]: z
    .string()
    .max(512)
    .optional()
    .describe(
      'the mailbox key (the link the cloud prints at start); or `Authorization: Bearer <admin token>`',
    ),
})

export const MAILBOX_KEY_MESSAGE =
  'Unauthorized: the mailbox needs its key (the link the cloud printed at start)'

/** Links in a message's text, clickable (the approval link); everything else escaped. */
const linkified = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)

function page(messages: MailboxMessage[], key: string): string {
  const items = messages.map(
    (m) => `<li><article aria-labelledby="m${m.id}">
<h2 id="m${m.id}">${escapeHtml(m.subject || '(no subject)')}</h2>
<p>To ${escapeHtml(m.to.join(', '))} · from ${escapeHtml(m.from)} · <time datetime="${m.date}">${m.date}</time></p>
<pre>${linkified(m.text)}</pre></article></li>`,
  )
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox (development)</title><style>
:root{color-scheme:light dark;font-family:system-ui,sans-serif}body{max-width:50rem;margin:2rem auto;padding:0 1rem}
ol{list-style:none;padding:0}article{border:1px solid #8888;border-radius:.5rem;padding:0 1rem;margin:1rem 0}
h2{font-size:1.1rem}pre{white-space:pre-wrap;font:inherit}a{color:LinkText}</style></head>
<body><main><h1>Mailbox (development)</h1>
<p>The e-mails this cloud sent, newest first (the last ${messages.length === 0 ? 'few' : messages.length}). <a href="/mailbox?${MAILBOX_KEY_PARAM}=${escapeHtml(encodeURIComponent(key))}">Refresh</a></p>
${messages.length === 0 ? '<p>No e-mails yet.</p>' : `<ol aria-label="E-mails">${items.join('\n')}</ol>`}
</main></body></html>`
}

/** The development mailbox's inbox page and its JSON (apps/cloud/README.md#mailbox). */
export const mailboxRoutes: FastifyPluginAsyncZod<Options> = async (app, { mailbox, adminToken }) => {
  const key = mailboxKeyOf(adminToken)
  // Every code and link of every user is here: only the operator (the admin token, or the key derived from it).
  app.addHook('onRequest', async (request) => {
    const given = (request.query as Record<string, unknown>)[MAILBOX_KEY_PARAM]
    const bearer = bearerToken(request.headers.authorization)
    const allowed =
      (typeof given === 'string' && adminTokenMatches(key, given)) ||
      (bearer !== undefined && (adminTokenMatches(adminToken, bearer) || adminTokenMatches(key, bearer)))
    if (!allowed) throw new HttpError(401, MAILBOX_KEY_MESSAGE)
  })

  app.get(
    '/mailbox',
    {
      schema: {
        tags: ['mailbox'],
        description: 'Development only: the inbox page of the e-mails this cloud sent, newest first.',
        querystring: toQuery,
      },
    },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(page(mailbox.list(request.query.to), key)),
  )

  app.get(
    '/mailbox/messages',
    {
      schema: {
        tags: ['mailbox'],
        description: 'Development only: the e-mails this cloud sent, newest first, as JSON.',
        querystring: toQuery,
        response: { 200: mailboxMessagesSchema },
      },
    },
    async (request) => ({ messages: mailbox.list(request.query.to) }),
  )
}
