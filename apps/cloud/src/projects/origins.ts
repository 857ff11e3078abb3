/**
 * Origin allowlists. A pattern is `*` (any origin), an exact origin, or a wildcard host such as
 * `https://*.example.com` that matches any subdomain depth but not the bare domain. A pattern port of
 * `*` matches any port. Loopback hosts are always allowed (local development).
 */
export const ORIGIN_PATTERN = /^(\*|https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?)$/

type ParsedOrigin = { scheme: string; host: string; port: string }

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

function parseOrigin(origin: string): ParsedOrigin | undefined {
  const match = /^(https?):\/\/([^/:]+|\[[0-9a-f:]+\])(?::(\d{1,5}))?$/i.exec(origin)
  if (!match?.[1] || !match[2]) return undefined
  const scheme = match[1].toLowerCase()
  return { scheme, host: match[2].toLowerCase(), port: match[3] ?? (scheme === 'https' ? '443' : '80') }
}

export function isLoopbackOrigin(origin: string): boolean {
  const parsed = parseOrigin(origin)
  return parsed !== undefined && (LOOPBACK_HOSTS.has(parsed.host) || parsed.host.endsWith('.localhost'))
}

export function originMatches(pattern: string, origin: string): boolean {
  if (pattern === '*') return true
  const want = parseOrigin(pattern.replace('://*.', '://wildcard.').replace(/:\*$/, ':0'))
  const got = parseOrigin(origin)
  if (!want || !got || want.scheme !== got.scheme) return false
  if (!pattern.endsWith(':*') && want.port !== got.port) return false
  if (!pattern.includes('://*.')) return want.host === got.host
  const suffix = want.host.slice('wildcard'.length)
  return got.host.endsWith(suffix) && got.host.length > suffix.length
}

export function isOriginAllowed(allowedOrigins: readonly string[], origin: string): boolean {
  return isLoopbackOrigin(origin) || allowedOrigins.some((pattern) => originMatches(pattern, origin))
}
