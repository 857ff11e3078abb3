import { defineConfig } from 'vitest/config'
import { ISOLATED_TESTS } from './vitest.isolated.config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ISOLATED_TESTS,
    setupFiles: ['src/testing/settleFeatures.ts'],
    hookTimeout: 60_000,
    // The files of a worker share one module graph (the modal, wagmi, viem and React load once a worker instead of
    // once a file: 590 s → 91 s for the whole suite on two loaded cores); the files that can't share one run
    // apart (vitest.isolated.config.ts, a project of the root's vitest.config.ts).
    isolate: false,
    // Console output goes straight to the terminal, not through the worker's channel to Vitest: with one module graph
    // a worker, a failed background load of one file (a balance, a directory) may log after the worker's last file
    // ends, and a log still on that channel when it closes fails the whole run (EnvironmentTeardownError).
    disableConsoleIntercept: true,
  },
})
