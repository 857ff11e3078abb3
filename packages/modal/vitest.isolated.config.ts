import { defineConfig } from 'vitest/config'

/**
 * The modal's test files that keep a module graph each (see vitest.config.ts): vite/'s, which compare packages
 * with the modal's replacements of them (shared, one met another file's copy), and the one that mocks a module.
 */
export const ISOLATED_TESTS = ['vite/**/*.test.ts', 'src/chains/evm/walletConnectConnector.connect.test.ts']

export default defineConfig({
  test: {
    name: 'modal (isolated)',
    include: ISOLATED_TESTS,
    setupFiles: ['src/testing/settleFeatures.ts'],
    hookTimeout: 60_000,
  },
})
