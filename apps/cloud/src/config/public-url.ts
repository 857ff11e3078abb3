/** Wildcard binds are not addresses a client can use: the default then names the loopback interface. */
const REACHABLE: Record<string, string> = { '0.0.0.0': '127.0.0.1', '::': '::1' }

/**
 * The cloud's own absolute URLs (image URLs in listings, the relay's URL): from `CLOUD_PUBLIC_URL`, else the
 * address the cloud listens on. Never from a request's `Host`, which any caller can forge.
 */
export class PublicUrl {
  private base: string

  constructor(
    private readonly configured: string | undefined,
    host: string,
    port: number,
  ) {
    this.base = configured ?? listeningUrl(host, port)
  }

  /** Called once the server listens: with `port: 0` only then is the real port known. */
  listeningOn(url: string): void {
    if (this.configured === undefined) this.base = url
  }

  http(path: string): string {
    return this.base + path
  }

  /** The same URL for a WebSocket: `ws:` beside `http:`, `wss:` beside `https:`. */
  ws(path: string): string {
    return this.base.replace(/^http/, 'ws') + path
  }
}

export function listeningUrl(host: string, port: number): string {
  const reachable = REACHABLE[host] ?? host
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`
}
