import websocket from '@fastify/websocket'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { PublicUrl } from '../config/index.js'
import { HttpError } from '../http/errors.js'
import { type ProjectStore, requireProject } from '../projects/index.js'
import { RelayAdmission } from './admission.js'
import { verifyClientToken } from './auth.js'
import { RelayConnection } from './connection.js'
import { FRAME_FACTOR } from './limits.js'
import { RELAY_PATH } from './public-url.js'
import type { Relay } from './relay.js'
import { upgradeQuerySchema } from './schema.js'

type Options = {
  relay: Relay
  projects: ProjectStore
  /** The cloud's public base URL (`CLOUD_PUBLIC_URL`): the relay's own URL is derived from it. */
  /** The relay's own URL, which client tokens must name as their audience: never the request's Host. */
  publicUrl: PublicUrl
}

/**
 * Close code of a refused connection for clients that ask to hear refusals as a close event
 * (`useOnCloseEvent=true`, as WalletConnect's clients do: a browser cannot read a refused upgrade's body).
 * The official clients treat it as fatal and report the reason.
 */
const REFUSED_CLOSE_CODE = 3000

/** Close code of a connection refused for capacity (too many sockets or upgrades): WebSocket's "try again later". */
const TRY_AGAIN_LATER_CLOSE_CODE = 1013

/**
 * The WalletConnect relay at `/relay` (WebSocket, JSON-RPC): the project (and the browser origin, when
 * sent) and the client's token are checked before the upgrade.
 */
export const relayRoutes: FastifyPluginAsyncZod<Options> = async (app, { relay, projects, publicUrl }) => {
  await app.register(websocket, { options: { maxPayload: relay.limits.maxMessageBytes * FRAME_FACTOR } })
  const clients = new WeakMap<FastifyRequest, string>()
  const refusals = new WeakMap<FastifyRequest, HttpError>()
  const admission = new RelayAdmission()

  app.get(
    RELAY_PATH,
    {
      websocket: true,
      schema: {
        tags: ['relay'],
        description:
          'WalletConnect v2 relay (WebSocket upgrade). `projectId` names a project of this cloud (a browser ' +
          '`Origin` must be on its allowlist); `auth` is the client JWT signed with its ed25519 key for this ' +
          "relay's URL. A refusal answers 401/403 `{ message }` before the upgrade, or with " +
          '`useOnCloseEvent=true` a close frame 3000 whose reason is that message; too many sockets or upgrades ' +
          'from the client answer 429 (close frame 1013).',
        querystring: upgradeQuerySchema,
      },
      preValidation: async (request) => {
        const { auth, useOnCloseEvent } = upgradeQuerySchema.parse(request.query)
        try {
          // Only upgrades are counted: a plain GET (answered 404) holds no place.
          if (request.ws) admission.attempt(request.ip)
          await requireProject(request, projects)
          const audience = publicUrl.ws(RELAY_PATH)
          const nowSeconds = Math.floor(Date.now() / 1000)
          const clientId = await verifyClientToken(auth, { nowSeconds, audience })
          // The place is given back when the connection ends, whether or not the upgrade completed.
          if (request.ws) request.raw.socket.once('close', admission.admit(request.ip, clientId))
          clients.set(request, clientId)
        } catch (error) {
          if (!(error instanceof HttpError) || useOnCloseEvent !== 'true') throw error
          refusals.set(request, error)
        }
      },
    },
    (socket, request) => {
      const clientId = clients.get(request)
      if (clientId !== undefined) return void new RelayConnection(socket, clientId, relay, request.log)
      const refusal = refusals.get(request)
      const code = refusal?.statusCode === 429 ? TRY_AGAIN_LATER_CLOSE_CODE : REFUSED_CLOSE_CODE
      socket.close(code, refusal?.message ?? 'Unauthorized')
    },
  )
}
