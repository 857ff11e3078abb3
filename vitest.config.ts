import { defineConfig } from 'vitest/config'

/** Every Node-side suite but the cloud's (its own steps, on PostgreSQL and on PGlite: see scripts/test.sh). */
export default defineConfig({
  test: {
    projects: [
      'packages/protocol',
      'packages/frame-protocol',
      'packages/chain',
      'packages/solana-chain',
      'packages/modal',
      'packages/modal/vitest.isolated.config.ts',
      'packages/testkit',
      'apps/site',
      'apps/frame',
      'apps/oidc-dev',
      'scripts',
    ],
  },
})
