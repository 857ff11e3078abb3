import { isHostAllowed, isLoopbackAddress } from '@allaccess/protocol'
import type { FastifyRequest } from 'fastify'
import type { PublicUrl } from '../config/index.js'
import { HttpError } from './errors.js'

/** The refusal of a request whose `Host` is not one of the cloud's names (a DNS-rebinding page sends its own). */
export const HOST_NOT_ALLOWED_MESSAGE =
  "Host not allowed: this cloud answers only its own names (CLOUD_PUBLIC_URL's host, CLOUD_ALLOWED_HOSTS) and IP addresses"

/**
 * The `onRequest` check of every request's `Host`: the public URL's host, the extra names, IP addresses, and the
 * localhost names when the cloud listens on loopback. The public URL is read per request: its port (and, without
 * CLOUD_PUBLIC_URL, its host) is known only once the server listens.
 */
export function hostCheck(publicUrl: PublicUrl, extraNames: readonly string[], listenHost: string) {
  const localhostNames = isLoopbackAddress(listenHost)
  return async (request: FastifyRequest) => {
    const names = new Set([new URL(publicUrl.http('/')).hostname, ...extraNames])
    if (!isHostAllowed(request.host, names, localhostNames))
      throw new HttpError(421, HOST_NOT_ALLOWED_MESSAGE)
  }
}
