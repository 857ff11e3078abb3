import { randomBytes } from 'node:crypto'
import { startStack } from '../../scripts/stack'
import { CLOUD_ADMIN_TOKEN_VARIABLE } from './cloudAdmin'
import {
  E2E_ANVIL_PORT,
  E2E_BUNDLER_PORT,
  E2E_CLOUD_PORT,
  E2E_EXPLORER_URL,
  E2E_FRAME_PORT,
  E2E_OIDC_PORT,
  E2E_SITE_PORT,
  E2E_SOLANA_PORT,
} from './ports'
import { serveStackControl } from './stackControl'

/**
 * The real stack for every browser test: anvil with the contracts, the bundler (Alto) behind the cloud's
 * /v1/bundler, the local Solana chain, the development identity provider, the cloud on
 * a throw-away database (the site reads the chain through its RPC gateway), the frame and the site's production
 * build.
 */
export default async function globalSetup() {
  // Built with an explorer, so the mint page's transaction links can be checked.
  process.env.VITE_EXPLORER_URL = E2E_EXPLORER_URL
  // The cloud's admin API (projects, their stored analytics events), for the tests that read what reached it; the
  // workers inherit the variable.
  process.env[CLOUD_ADMIN_TOKEN_VARIABLE] ??= randomBytes(32).toString('base64url')
  const stack = await startStack({
    anvilPort: E2E_ANVIL_PORT,
    cloudPort: E2E_CLOUD_PORT,
    sitePort: E2E_SITE_PORT,
    framePort: E2E_FRAME_PORT,
    oidcPort: E2E_OIDC_PORT,
    // Started in a third of a second: the Solana specs share the one stack (the cloud's local Solana network).
    solanaPort: E2E_SOLANA_PORT,
    // ERC-4337 batches (smart-batch.spec): Alto starts in about 3 s beside the rest.
    bundlerPort: E2E_BUNDLER_PORT,
    // Overridable so several runs (e.g. parallel sessions) don't share one build.
    siteDist: process.env.E2E_SITE_DIST ?? new URL('../../apps/site/dist-e2e', import.meta.url).pathname,
    frameDist: process.env.E2E_FRAME_DIST ?? new URL('../../apps/frame/dist-e2e', import.meta.url).pathname,
    cloudDataDir: 'memory://',
    cloudEnv: {
      CLOUD_RATE_LIMIT_MAX: '100000',
      // All Wallets is tested at the scale it must handle: the catalogue plus 1,000 generated wallets.
      CLOUD_WALLET_FIXTURE: '1000',
      // The e-mail tests send many codes from one address (127.0.0.1).
      EMBEDDED_SENDS_PER_IP: '100000',
      CLOUD_ADMIN_TOKEN: process.env[CLOUD_ADMIN_TOKEN_VARIABLE],
    },
  })
  const control = await serveStackControl(stack)
  return async () => {
    await control.close()
    await stack.stop()
  }
}
