import { isIP } from 'node:net'
import { z } from 'zod'

/**
 * Which `X-Forwarded-For` hops name the client (`CLOUD_TRUST_PROXY`, apps/cloud/README.md#configuration-environment):
 * `false` (the peer is the client), a hop count (the proxies in front of the cloud), or the proxies' addresses and
 * CIDRs. Every per-address limit counts `request.ip`, so the setting is what an attacker would have to forge.
 */
export type TrustProxy = false | number | string[]

/** The most proxies in a chain a hop count may name. */
export const TRUST_PROXY_MAX_HOPS = 16
/** The ranges Fastify (proxy-addr) names itself. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal']

const TRUST_EVERY_HOP =
  '"true" would trust every X-Forwarded-For hop, so any client could choose its address; give the number of ' +
  'proxies in front of the cloud (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.2,10.1.0.0/16)'

/** An address, an address/prefix, or one of proxy-addr's named ranges. */
function isTrustedEntry(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true
  const [address = '', prefix, extra] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || extra !== undefined) return false
  if (prefix === undefined) return true
  if (!/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (family === 4 ? 32 : 128)
}

export const trustProxySchema = z.string().transform((value, context): TrustProxy => {
  const setting = value.trim()
  if (setting === 'false' || setting === '0') return false
  if (setting === 'true') {
    context.addIssue({ code: 'custom', message: TRUST_EVERY_HOP })
    return z.NEVER
  }
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting)
    if (hops <= TRUST_PROXY_MAX_HOPS) return hops
    context.addIssue({ code: 'custom', message: `at most ${TRUST_PROXY_MAX_HOPS} hops` })
    return z.NEVER
  }
  const entries = setting.split(',').map((entry) => entry.trim())
  const bad = entries.filter((entry) => !isTrustedEntry(entry))
  if (bad.length === 0) return entries
  context.addIssue({
    code: 'custom',
    message: `not an address, CIDR or hop count: ${bad.map((entry) => JSON.stringify(entry)).join(', ')}`,
  })
  return z.NEVER
})

/**
 * The setting as Fastify takes it. A hop count becomes a function: Fastify ignores a bare number (it cannot check the
 * peer), and trusting the nearest `hops` addresses makes the one before them the client.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting
  return (_address, hop) => hop < setting
}
