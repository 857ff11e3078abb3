/**
 * Whether an allow-list entry names `origin` itself: an exact origin, a subdomain wildcard
 * (`https://*.example.com`, any depth, not the bare domain) or any port (`http://localhost:*`). The catch-all `*`
 * names no one.
 */
export function namesOrigin(pattern: string, origin: string): boolean {
  if (pattern === '*') return false
  if (pattern === origin) return true
  const match = /^([a-z][a-z0-9+.-]*):\/\/(\*\.)?([^:/]+)(?::(\d+|\*))?$/i.exec(pattern)
  const target = /^([a-z][a-z0-9+.-]*):\/\/([^:/]+)(?::(\d+))?$/i.exec(origin)
  if (!match || !target) return false
  const [, scheme, wildcard, host, port] = match
  const [, targetScheme, targetHost = '', targetPort] = target
  if (scheme?.toLowerCase() !== targetScheme?.toLowerCase()) return false
  if (port !== '*' && port !== targetPort) return false
  const lowerHost = host?.toLowerCase() ?? ''
  return wildcard
    ? targetHost.toLowerCase().endsWith(`.${lowerHost}`)
    : targetHost.toLowerCase() === lowerHost
}
