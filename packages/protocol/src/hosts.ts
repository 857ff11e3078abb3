/**
 * `Host` checks against DNS rebinding: a page on an attacker's name that resolves to a private server talks to it
 * as its own origin, sending the attacker's name as `Host`. A server that answers only its own names (and IP
 * addresses, which no rebinding can forge) gives such a page nothing.
 */

/** A `Host` header: a DNS name or an IPv4 address, or an IPv6 literal in brackets; then an optional port. */
const HOST_HEADER = /^([a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/

/** The name of a `Host` header, lowercased, without its port or a final dot; undefined when it is not a host. */
export function hostnameOf(host: string): string | undefined {
  return HOST_HEADER.exec(host)?.[1]?.toLowerCase().replace(/\.$/, '')
}

/** `localhost` and `*.localhost`: browsers resolve them to this machine themselves, so no one else can own them. */
export const isLocalhostName = (name: string) => name === 'localhost' || name.endsWith('.localhost')

const isIpAddress = (name: string) => IPV4.test(name) || name.startsWith('[')

/** A listening address on this machine only (127.x, ::1, localhost names): then the localhost names reach it. */
export function isLoopbackAddress(address: string): boolean {
  const name = hostnameOf(address.includes(':') && !address.startsWith('[') ? `[${address}]` : address)
  return (
    name !== undefined && (/^127\.\d+\.\d+\.\d+$/.test(name) || name === '[::1]' || isLocalhostName(name))
  )
}

/**
 * Whether a request with this `Host` may reach a server known by `names` (lowercased hostnames): one of them, an
 * IP address, or, when `localhostNames`, `localhost` and `*.localhost`. A request without `Host` (HTTP/1.0) names
 * nothing a rebinding page could, and passes.
 */
export function isHostAllowed(
  host: string | undefined,
  names: ReadonlySet<string>,
  localhostNames: boolean,
): boolean {
  if (host === undefined || host === '') return true
  const name = hostnameOf(host)
  if (name === undefined) return false
  return names.has(name) || isIpAddress(name) || (localhostNames && isLocalhostName(name))
}
