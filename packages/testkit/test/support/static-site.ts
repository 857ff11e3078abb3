import { createServer } from 'node:http'

export interface StaticSite {
  url: string
  close(): Promise<void>
}

/** What the test page adds to `window` for the tests to drive. */
export interface TestPageWindow {
  /** The announced `{ info, provider }` for `rdns`, found by dispatching `eip6963:requestProvider`. */
  findWallet(rdns: string): { info: Record<string, string>; provider: TestProvider } | undefined
  /** Events seen by listeners that `listen` attached, oldest first. */
  walletEvents: { name: string; value: unknown }[]
  listen(provider: TestProvider, name: string): void
}

export interface TestProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (value: unknown) => void): unknown
  isConnected(): boolean
}

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>testkit page</title></head>
<body><h1>testkit page</h1>
<script>
  window.findWallet = (rdns) => {
    let found
    const onAnnounce = (event) => { if (event.detail.info.rdns === rdns) found = event.detail }
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    window.removeEventListener('eip6963:announceProvider', onAnnounce)
    return found
  }
  window.walletEvents = []
  window.listen = (provider, name) => provider.on(name, (value) => {
    const plain = value instanceof Error ? { code: value.code, message: value.message } : value
    window.walletEvents.push({ name, value: plain })
  })
</script>
</body></html>`

/** Serves the test page on every path of a free 127.0.0.1 port: the wallet needs an http origin. */
export function startStaticSite(): Promise<StaticSite> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(PAGE)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (typeof address !== 'object' || !address) return reject(new Error('no address'))
      resolve({
        url: `http://127.0.0.1:${address.port}/`,
        close: () => {
          server.closeAllConnections()
          return new Promise<void>((done) => server.close(() => done()))
        },
      })
    })
  })
}
