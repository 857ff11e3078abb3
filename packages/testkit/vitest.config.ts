import { defineConfig } from 'vitest/config'

// Browser and anvil start-up dominate; two cores run the files one after another.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
})
