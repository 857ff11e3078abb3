import { defineConfig } from 'vitest/config'

/**
 * The modal's test files that keep a module graph each (see vitest.config.ts): vite/'s, which compare packages
 * with the modal's replacements of them (shared, one met another file's copy), the one that mocks a module, and
 * the Solana adapter's two that count what its adapters ask of the e-mail wallet's frame (embedded/embeddedFrames.ts
 * is one per page: every adapter another file left open follows it too), and the one that announces WalletConnect
 * sessions to them (chains/walletConnectSession.ts, likewise one per page).
 */
export const ISOLATED_TESTS = [
  'vite/**/*.test.ts',
  'src/chains/evm/walletConnectConnector.connect.test.ts',
  'src/chains/solana/createSolanaAdapter.test.ts',
  'src/chains/solana/embeddedConnection.test.ts',
  'src/chains/solana/walletConnectSolana.test.ts',
]

export default defineConfig({
  test: {
    name: 'modal (isolated)',
    include: ISOLATED_TESTS,
    setupFiles: ['src/testing/settleFeatures.ts'],
    hookTimeout: 60_000,
  },
})
