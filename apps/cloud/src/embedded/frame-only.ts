import { CLOUD_TIME_HEADER } from '@allaccess/protocol'
import type { FastifyInstance } from 'fastify'
import type { EmbeddedService } from './service.js'

/**
 * Keeps the frame's routes to the frame (docs/embedded-wallet.md#sign-in-binding): a browser request to them must
 * come from one of the frame's origins, so a script on the host page, in the user's own browser and network, can
 * call none of them (403). `pages` are the routes a browser opens as pages (an approval link, the provider's
 * redirect), which carry no frame's origin.
 */
export function keepToFrame(app: FastifyInstance, embedded: EmbeddedService, pages: readonly string[]): void {
  app.addHook('onRequest', async (request) => {
    if (!pages.includes(request.routeOptions.url ?? '')) embedded.frameOriginOf(request.headers.origin)
  })
  // Every answer, refusals too, tells the frame the cloud's time: a device with a wrong clock signs with the
  // difference (docs/embedded-wallet.md#device-binding).
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header(CLOUD_TIME_HEADER, String(embedded.now()))
    return payload
  })
}
