import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/settleFeatures.ts'],
    hookTimeout: 60_000,
  },
})
