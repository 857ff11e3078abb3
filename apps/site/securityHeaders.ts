import type { SiteEnv } from './src/env.ts'

/**
 * WalletConnect's public Verify service, which the provider asks to attest the site (an iframe and fetches) when
 * a WalletConnect Cloud project id is configured; self-hosted, the cloud's Verify service does instead.
 */
export const WALLETCONNECT_VERIFY_ORIGINS = [
  'https://verify.walletconnect.org',
  'https://verify.walletconnect.com',
]

/** Where the Verify frame that attests the page comes from: the configured service, else WalletConnect's. */
function verifyOrigins(env: SiteEnv): string[] {
  const { verifyUrl } = env.walletConnect
  return verifyUrl ? [new URL(verifyUrl).origin] : WALLETCONNECT_VERIFY_ORIGINS
}

/**
 * The origins the page talks to, all from the site's configuration. Every URL-valued field of SiteEnv that the
 * page fetches from or opens a socket to belongs here; the browser tests run the whole flow under the policy.
 */
export function connectOrigins(env: SiteEnv, solanaRpcUrl?: string): string[] {
  // The chain's own RPC too: the page reads it while the cloud is down.
  const urls = [env.cloudUrl, env.chainRpcUrl, env.walletConnect.relayUrl, solanaRpcUrl].filter(
    (url) => url !== undefined,
  )
  const origins = urls.map((url) => new URL(url).origin)
  return [...new Set([...origins, ...verifyOrigins(env)])]
}

/**
 * The Content-Security-Policy the site runs under: scripts and styles only from its own origin (the modal styles
 * itself with constructable stylesheets, which the policy allows), images from itself, the cloud (wallet images)
 * and `data:` (on-chain artwork, EIP-6963 wallet icons), frames only from the Verify service and the
 * embedded wallet's frame, and no framing of
 * the site. `dev` adds what Vite's dev server
 * injects: an inline React Refresh preamble and `<style>` elements.
 */
export function contentSecurityPolicy(
  env: SiteEnv,
  { dev = false, solanaRpcUrl }: { dev?: boolean; solanaRpcUrl?: string | undefined } = {},
): string {
  const inline = dev ? " 'unsafe-inline'" : ''
  return [
    "default-src 'self'",
    `script-src 'self'${inline}`,
    `style-src 'self'${inline}`,
    `img-src 'self' data: ${new URL(env.cloudUrl).origin}`,
    `connect-src 'self' ${connectOrigins(env, solanaRpcUrl).join(' ')}`,
    `frame-src ${[...verifyOrigins(env), new URL(env.frameUrl).origin].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Every response's security headers. Referrer: cross-origin requests carry the origin only (never the path),
 * which is what services that check where a request came from need.
 */
export function securityHeaders(
  env: SiteEnv,
  options: { dev?: boolean; solanaRpcUrl?: string | undefined } = {},
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(env, options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  }
}

/** The same headers in the `_headers` file format static hosts read (Netlify, Cloudflare Pages). */
export function headersFile(headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)
  return `/*\n${lines.join('\n')}\n`
}
