import { defineConfig } from 'vitest/config'

// Browser and anvil start-up dominate; two cores run the files one after another.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // No file mocks modules or stubs globals: one module graph for the files (viem, WalletKit and the cloud load
    // once: 344 s → 251 s, 66 → 48 s of CPU, loaded).
    isolate: false,
    // Logs straight to the terminal: one still on its way when the shared worker closes fails the run (see the modal's).
    disableConsoleIntercept: true,
  },
})
