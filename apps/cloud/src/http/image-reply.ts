import type { FastifyReply, FastifyRequest } from 'fastify'
import type { StoredImage } from '../directory/images.js'

/** Images change only through an import (or never, once indexed): the ETag lets a client revalidate cheaply after a week. */
const IMAGE_CACHE = 'public, max-age=604800, stale-while-revalidate=86400'
/** An SVG opened directly must not run scripts or load anything. */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

/** Sends an image with its ETag (304 on If-None-Match), long caching and the headers that keep it inert. */
export function replyImage(request: FastifyRequest, reply: FastifyReply, image: StoredImage): FastifyReply {
  reply.header('etag', image.etag).header('cache-control', IMAGE_CACHE)
  if (request.headers['if-none-match'] === image.etag) return reply.code(304).send()
  return reply
    .type(image.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', IMAGE_CSP)
    .send(image.body)
}
