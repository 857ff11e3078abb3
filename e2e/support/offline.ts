import type { Page } from '@playwright/test'

const isLocal = (url: string) => {
  const { protocol, hostname } = new URL(url)
  // `*.localhost` names resolve to this machine (the site and the frame are served on them).
  return ['data:', 'blob:'].includes(protocol) || hostname === '127.0.0.1' || hostname.endsWith('.localhost')
}

/**
 * Keeps a page on this machine: every HTTP request and WebSocket not to 127.0.0.1 or a `*.localhost` name is aborted (or closed) and
 * recorded. Call before the first navigation; assert the returned list is empty at the end of the test.
 */
export async function keepOffline(page: Page): Promise<string[]> {
  const escaped: string[] = []
  await page.route('**/*', (route) => {
    const url = route.request().url()
    if (isLocal(url)) return route.fallback()
    escaped.push(url)
    return route.abort('blockedbyclient')
  })
  await page.routeWebSocket(
    (url) => !isLocal(url.href),
    (socket) => {
      escaped.push(socket.url())
      return socket.close()
    },
  )
  return escaped
}

/**
 * Both ways the page reads the chain: the cloud's RPC gateway and, while that is down, the chain's own RPC.
 * For `page.route`, to take the network away from the page.
 */
export function chainReads(chainRpcUrl: string): (url: URL) => boolean {
  const chainOrigin = new URL(chainRpcUrl).origin
  return (url) => url.pathname === '/v1/' || url.origin === chainOrigin
}
