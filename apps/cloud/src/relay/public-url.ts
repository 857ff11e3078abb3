import type { FastifyRequest } from 'fastify'

/** Where the relay is served, under the cloud's base URL. */
export const RELAY_PATH = '/relay'

/**
 * The relay's own URL, which client tokens must name as their audience: the cloud's public base URL
 * (`CLOUD_PUBLIC_URL`, http→ws, https→wss) when configured, else the address the client's connection
 * reached (the listening address: never the request's Host header, which the client chooses).
 */
export function relayPublicUrl(publicUrl: string | undefined, request: FastifyRequest): string {
  if (publicUrl) return `${publicUrl.replace(/^http/, 'ws')}${RELAY_PATH}`
  const { localAddress = '', localPort } = request.socket
  const address = localAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')
  const host = address.includes(':') ? `[${address}]` : address
  return `ws://${host}:${localPort}${RELAY_PATH}`
}
