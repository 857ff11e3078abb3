import { defineConfig } from 'vitest/config'

// One module graph a worker (no file mocks or stubs a global): the modal and viem load once (75 s → 18 s, loaded).
export default defineConfig({
  test: { include: ['src/**/*.test.ts', '*.test.ts'], isolate: false, disableConsoleIntercept: true },
})
