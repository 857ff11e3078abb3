import { describe, expect, it } from 'vitest'
import { connectOrigins, contentSecurityPolicy, headersFile, securityHeaders } from './securityHeaders'
import { readEnv } from './src/env'

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ')
      return [name, sources]
    }),
  )

describe('securityHeaders', () => {
  it('sends the CSP, nosniff and an origin-only cross-origin referrer', () => {
    const headers = securityHeaders(readEnv({}))
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    expect(directives(headers['Content-Security-Policy'] ?? '')).toMatchObject({
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      // The cloud's Verify frame, which attests the page's origin to WalletConnect wallets, and the e-mail
      // wallet's frame on its own origin.
      'frame-src': ['http://127.0.0.1:8787', 'http://127.0.0.1:8788'],
    })
  })

  it('lets the page reach the configured cloud, RPC and relay, and nothing else', () => {
    const env = readEnv({
      VITE_CLOUD_URL: 'https://cloud.example/',
      VITE_RPC_URL: 'https://rpc.example/v2/key?x=1',
      VITE_WC_RELAY_URL: 'wss://relay.example/ws',
    })
    expect(directives(contentSecurityPolicy(env))).toMatchObject({
      'connect-src': ["'self'", 'https://cloud.example', 'https://rpc.example', 'wss://relay.example'],
      'img-src': ["'self'", 'data:', 'https://cloud.example'],
    })
  })

  it('lets the page reach the local Solana chain when the site has it (SITE_SOLANA=on)', () => {
    expect(
      directives(contentSecurityPolicy(readEnv({}), { solanaRpcUrl: 'http://127.0.0.1:8899' }))[
        'connect-src'
      ],
    ).toContain('http://127.0.0.1:8899')
    expect(directives(contentSecurityPolicy(readEnv({})))['connect-src']).not.toContain(
      'http://127.0.0.1:8899',
    )
  })

  it('names each origin once: the cloud (and its Verify service), the chain’s own RPC (read while the cloud is down), the cloud’s relay', () => {
    expect(connectOrigins(readEnv({}))).toEqual([
      'http://127.0.0.1:8787',
      'http://127.0.0.1:8545',
      'ws://127.0.0.1:8787',
    ])
  })

  it('with a WalletConnect Cloud project id, allows the public relay and its Verify service', () => {
    const policy = directives(contentSecurityPolicy(readEnv({ VITE_WC_PROJECT_ID: 'abc' })))
    expect(policy['connect-src']).toEqual(
      expect.arrayContaining(['wss://relay.walletconnect.org', 'https://verify.walletconnect.org']),
    )
    expect(policy['frame-src']).toEqual([
      'https://verify.walletconnect.org',
      'https://verify.walletconnect.com',
      'http://127.0.0.1:8788',
    ])
  })

  it('relaxes only what Vite’s dev server injects', () => {
    const dev = directives(contentSecurityPolicy(readEnv({}), { dev: true }))
    expect(dev['script-src']).toEqual(["'self'", "'unsafe-inline'"])
    expect(dev['style-src']).toEqual(["'self'", "'unsafe-inline'"])
    expect(dev['frame-ancestors']).toEqual(["'none'"])
  })

  it('writes a _headers file for every path', () => {
    expect(headersFile({ A: '1', 'B-C': 'x y' })).toBe('/*\n  A: 1\n  B-C: x y\n')
  })
})
