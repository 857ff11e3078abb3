/**
 * The local layout of `npm start` and the browser tests, as in production: the site and the embedded wallet's
 * frame on two host names of one site, as example.com and wallet.example.com (docs/deploy.md#layout). A frame on
 * another site than the page is a third-party context, where browsers may refuse it its storage. Chromium and
 * Firefox resolve `*.localhost` to loopback themselves; Node does not, so the servers listen on 127.0.0.1, Node-side
 * code reaches them through `loopbackUrl`, and the cloud (an API the browser reaches with CORS, no storage) keeps
 * its 127.0.0.1 address, which its own clients and the chain's name gateway use too.
 */
export const SITE_HOST = 'site.allaccess.localhost'
export const FRAME_HOST = 'wallet.allaccess.localhost'

/** The browser's origin of a server of this layout. */
export const hostOrigin = (host: string, port: number) => `http://${host}:${port}`

/** The same URL on 127.0.0.1, where Node can reach it (`*.localhost` names do not resolve there). */
export function loopbackUrl(url: string): string {
  const parsed = new URL(url)
  if (parsed.hostname.endsWith('.localhost')) parsed.hostname = '127.0.0.1'
  return parsed.href
}
