import {
  errorBodySchema,
  ONRAMP_CHECKOUT_PATH,
  ONRAMP_ORDER_PATH,
  ONRAMP_TEST_CARDS,
  onrampOptionsSchema,
  onrampOrderSchema,
  onrampQuoteRequestSchema,
  onrampQuoteSchema,
  onrampUrlRequestSchema,
  onrampUrlSchema,
} from '@allaccess/protocol'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { clientQuerySchema } from '../http/client.js'
import { refusals } from '../http/schemas.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import { CHECKOUT_CONFIRM_PATH, CHECKOUT_CSP, checkoutPage } from './page.js'
import type { CheckoutState, OnrampService } from './service.js'

type Options = { projects: ProjectStore; onramp: OnrampService }

const orderId = z.string().regex(/^[0-9a-f]{32}$/, 'must be an order id')
const field = (max: number) => z.string().max(max)

export const onrampRoutes: FastifyPluginAsyncZod<Options> = async (app, { projects, onramp }) => {
  // The checkout's plain HTML forms (this plugin only): url-encoded fields, read as one string each.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )
  const page = (reply: FastifyReply, state: CheckoutState) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', CHECKOUT_CSP)
      .header('cache-control', 'no-store')
      .send(checkoutPage(state))

  app.get(
    '/v1/onramp/options',
    {
      schema: {
        tags: ['onramp'],
        description:
          "The currencies one may buy (by network) and pay with (with each payment method's limits).",
        querystring: clientQuerySchema,
        response: { 200: onrampOptionsSchema, ...refusals },
      },
    },
    async (request) => {
      await requireProject(request, projects, 'onramp')
      return onramp.options
    },
  )

  app.post(
    '/v1/onramp/quote',
    {
      schema: {
        tags: ['onramp'],
        description:
          "What `amount` of the payment currency buys: the provider's and the network's fees come off it. 400 " +
          "with the limit text outside the payment method's limits (card by default).",
        querystring: clientQuerySchema,
        body: onrampQuoteRequestSchema,
        response: { 200: onrampQuoteSchema, ...refusals },
      },
    },
    async (request) => {
      await requireProject(request, projects, 'onramp')
      return onramp.quote(request.body)
    },
  )

  app.post(
    '/v1/generators/onrampurl',
    {
      schema: {
        tags: ['onramp'],
        description:
          "Opens an order and answers the sandbox checkout's URL with the provider parameters (publicKey, " +
          'currencyCode, walletAddress, externalCustomerId = the project id). The sandbox delivers on the devnet ' +
          'only (400 for any other network); a wallet and a client address open a bounded number of orders an hour (429 past it).',
        querystring: clientQuerySchema,
        body: onrampUrlRequestSchema,
        response: { 200: onrampUrlSchema, ...refusals },
      },
    },
    async (request) => {
      const project = await requireProject(request, projects, 'onramp')
      return onramp.checkoutUrl(project.id, request.ip, request.body)
    },
  )

  app.get(
    ONRAMP_ORDER_PATH.replace('{id}', ':id'),
    {
      schema: {
        tags: ['onramp'],
        description:
          "An order's status, which the modal polls: pending, confirming, declined, processing, completed (with the delivery's transaction) or failed.",
        params: z.object({ id: orderId }),
        querystring: clientQuerySchema,
        response: { 200: onrampOrderSchema, ...refusals, 404: errorBodySchema },
      },
    },
    async (request) => {
      const project = await requireProject(request, projects, 'onramp')
      return onramp.order(request.params.id, project.id)
    },
  )

  app.get(
    ONRAMP_CHECKOUT_PATH,
    {
      schema: {
        tags: ['onramp'],
        description: `The sandbox checkout page of an order (HTML, no script). Test cards: ${ONRAMP_TEST_CARDS.succeeds} is paid, ${ONRAMP_TEST_CARDS.declined} declined.`,
        querystring: z.object({ orderId }).passthrough(),
      },
    },
    async (request, reply) => page(reply, { order: await onramp.row(request.query.orderId) }),
  )

  app.post(
    ONRAMP_CHECKOUT_PATH,
    {
      schema: {
        tags: ['onramp'],
        description: "The checkout's card form: the good test card asks for the bank's code next.",
        body: z.object({ orderId, amount: field(20), card: field(40), expiry: field(10), cvc: field(10) }),
      },
    },
    async (request, reply) => {
      const { orderId: id, amount, card } = request.body
      return page(reply, await onramp.pay(id, amount, card))
    },
  )

  app.post(
    CHECKOUT_CONFIRM_PATH,
    {
      schema: {
        tags: ['onramp'],
        description:
          "The checkout's 3-D-Secure-like step: the right code delivers the tokens, once per order.",
        body: z.object({ orderId, code: field(20) }),
      },
    },
    async (request, reply) => {
      const { orderId: id, code } = request.body
      return page(reply, await onramp.confirm(id, code))
    },
  )
}
