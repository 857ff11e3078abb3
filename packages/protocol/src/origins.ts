/**
 * The grammar of a project's origin allowlist, and the one way a pattern is matched. The cloud uses it to admit a
 * browser's `Origin` (403 'Unauthorized: origin not allowed' otherwise, docs/behaviour.md#configuration); the modal uses it to tell a site
 * the allowlist vouches for from one it merely tolerates (the Unverified Domain alert, docs/behaviour.md#configuration).
 *
 * A pattern is one of:
 * - `*`: admits every origin, the opaque `null` too. A project that admits everyone vouches for no one.
 * - `scheme://host[:port]`, scheme `http` or `https`: admits that origin. Without a port it means the scheme's
 *   default (443, 80), as browsers leave default ports out of an origin.
 * - `scheme://*.domain[:port]`: admits every subdomain of `domain` at any depth (`a.domain`, `a.b.domain`), never
 *   `domain` itself. Public suffixes are not known here: `https://*.com` or `https://*.co.uk` pass the grammar
 *   and admit strangers, so don't write them.
 * - a port of `*` admits every port, the default one included.
 *
 * Hosts are DNS names (ASCII: internationalised names in their punycode form, as browsers send them) or IPv4
 * addresses; letters compare case-insensitively. There is no `*` anywhere else: not in the middle of a host, not
 * as a scheme, not instead of a host. Paths, queries and IPv6 literals are not part of a pattern. Loopback origins
 * need no pattern: the cloud always admits them (local development).
 */

/** The catch-all pattern. */
export const ANY_ORIGIN = '*'

const LABEL = '[a-z0-9-]+'
const DOMAIN = `${LABEL}(?:\\.${LABEL})*`
/** 1 to 65535 without leading zeros: the ports a browser can put in an origin. */
const PORT = '[1-9]\\d{0,3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5]'

/** Groups: 1 scheme, 2 the domain after `*.`, 3 an exact host, 4 the port or `*`. */
export const ORIGIN_PATTERN = new RegExp(
  `^(?:\\*|(https?)://(?:\\*\\.(${DOMAIN})|(${DOMAIN}))(?::(${PORT}|\\*))?)$`,
  'i',
)
/** A serialised origin as browsers send it. Groups: 1 scheme, 2 host (an IPv6 literal keeps its brackets), 3 port. */
const ORIGIN = new RegExp(`^(https?)://(${DOMAIN}|\\[[0-9a-f:.]+\\])(?::(${PORT}))?$`, 'i')

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

export type Origin = { scheme: 'http' | 'https'; host: string; port: number }

/** A pattern other than `*`: `subdomains` when it was written `*.host`. */
export type OriginPattern = {
  scheme: 'http' | 'https'
  host: string
  subdomains: boolean
  port: number | '*'
}

function schemeOf(value: string): 'http' | 'https' {
  return value.toLowerCase() === 'https' ? 'https' : 'http'
}

/** The port a browser leaves out of an origin. */
const defaultPort = (scheme: 'http' | 'https') => (scheme === 'https' ? 443 : 80)

/** The parts of an http(s) origin, lowercased, with the default port filled in; undefined for anything else. */
export function parseOrigin(origin: string): Origin | undefined {
  const match = ORIGIN.exec(origin)
  if (!match?.[1] || !match[2]) return undefined
  const scheme = schemeOf(match[1])
  return { scheme, host: match[2].toLowerCase(), port: match[3] ? Number(match[3]) : defaultPort(scheme) }
}

/** The parts of a pattern; undefined for `*` and for anything outside the grammar. */
export function parseOriginPattern(pattern: string): OriginPattern | undefined {
  const match = ORIGIN_PATTERN.exec(pattern)
  const host = match?.[2] ?? match?.[3]
  if (!match?.[1] || !host) return undefined
  const scheme = schemeOf(match[1])
  const port = match[4] === '*' ? '*' : match[4] ? Number(match[4]) : defaultPort(scheme)
  return { scheme, host: host.toLowerCase(), subdomains: match[2] !== undefined, port }
}

/** Whether `pattern` admits `origin`. A pattern outside the grammar admits nothing. */
export function originMatches(pattern: string, origin: string): boolean {
  if (pattern === ANY_ORIGIN) return true
  const want = parseOriginPattern(pattern)
  const got = parseOrigin(origin)
  if (!want || !got || want.scheme !== got.scheme) return false
  if (want.port !== '*' && want.port !== got.port) return false
  return want.subdomains ? got.host.endsWith(`.${want.host}`) : got.host === want.host
}

/** Whether `pattern` admits `origin` by naming it: any match but the catch-all `*`. */
export function namesOrigin(pattern: string, origin: string): boolean {
  return pattern !== ANY_ORIGIN && originMatches(pattern, origin)
}

/** `localhost`, `*.localhost`, `127.0.0.1` and `[::1]`, on any port. */
export function isLoopbackOrigin(origin: string): boolean {
  const parsed = parseOrigin(origin)
  return parsed !== undefined && (LOOPBACK_HOSTS.has(parsed.host) || parsed.host.endsWith('.localhost'))
}

/** Whether the cloud admits `origin` for a project with this allowlist: loopback always, else a matching pattern. */
export function isOriginAllowed(allowedOrigins: readonly string[], origin: string): boolean {
  return isLoopbackOrigin(origin) || allowedOrigins.some((pattern) => originMatches(pattern, origin))
}
