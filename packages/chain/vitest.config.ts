import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Compiles the contracts once (cached in artifacts/) before the test files start their own anvil nodes.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // No file mocks modules or stubs globals: one module graph a worker (viem and the compiled contracts load once:
    // 169 s → 60 s, 50 → 23 s of CPU, loaded).
    isolate: false,
    // Logs straight to the terminal: one still on its way when the shared worker closes fails the run (see the modal's).
    disableConsoleIntercept: true,
  },
})
