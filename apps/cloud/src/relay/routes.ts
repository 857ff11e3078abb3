import websocket from '@fastify/websocket'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { CloudConfig } from '../config/index.js'
import type { Db } from '../db/index.js'
import { verifyClientToken } from './auth.js'
import { RelayConnection } from './connection.js'
import { type Fanout, localFanout, postgresFanout } from './fanout.js'
import { Relay } from './relay.js'
import { upgradeQuerySchema } from './schema.js'
import { MessageStore } from './store.js'

type Options = { db: Db; config: CloudConfig }

/** Room for a batch of the largest messages plus the JSON around them; bigger frames close the socket (1009). */
const FRAME_FACTOR = 4

/**
 * The WalletConnect relay at `/relay` (WebSocket, JSON-RPC, token checked before the upgrade) and
 * `GET /relay/config`, the relay the modal should use.
 */
export const relayRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, config }) => {
  const limits = config.relay
  const fanout: Fanout = config.databaseUrl
    ? await postgresFanout(
        config.databaseUrl,
        (announcement) => {
          relay.onAnnouncement(announcement).catch((error: unknown) => {
            app.log.warn({ err: error }, 'relay announcement not delivered')
          })
        },
        app.log,
      )
    : localFanout
  const relay = new Relay(new MessageStore(db), fanout, limits, app.log)
  app.addHook('onClose', () => relay.close())

  await app.register(websocket, { options: { maxPayload: limits.maxMessageBytes * FRAME_FACTOR } })
  const clients = new WeakMap<FastifyRequest, string>()

  app.get(
    '/relay',
    {
      websocket: true,
      schema: {
        tags: ['relay'],
        description:
          'WalletConnect v2 relay (WebSocket upgrade). `auth` is the client JWT signed with its ed25519 key.',
        querystring: upgradeQuerySchema,
      },
      // A refused token answers 401 before the upgrade.
      preValidation: async (request) => {
        const { auth } = upgradeQuerySchema.parse(request.query)
        clients.set(request, await verifyClientToken(auth, Math.floor(Date.now() / 1000)))
      },
    },
    (socket, request) => {
      const clientId = clients.get(request)
      if (clientId === undefined) return socket.close(1008, 'Unauthorized')
      new RelayConnection(socket, clientId, relay, request.log)
    },
  )

  app.get(
    '/relay/config',
    {
      schema: {
        tags: ['relay'],
        description:
          "The WalletConnect relay the modal uses: this cloud by default, or WalletConnect's public relay " +
          '(WALLETCONNECT_RELAY_URL and WALLETCONNECT_PROJECT_ID).',
        response: { 200: z.object({ relayUrl: z.string(), projectId: z.string().nullable() }) },
      },
    },
    async () => ({
      relayUrl: limits.url ?? config.publicUrl.ws('/relay'),
      projectId: limits.projectId ?? null,
    }),
  )
}
