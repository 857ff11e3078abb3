import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    // Each test file starts its own cloud on its own database; none mocks modules or stubs globals, so the files
    // of a worker share one module graph: the suite's imports (fastify, drizzle, viem, PGlite) load once a worker
    // instead of once a file (311 s → 189 s for the PGlite run on two loaded cores).
    isolate: false,
    // Logs straight to the terminal: one still on its way when the shared worker closes fails the run (see the modal's).
    disableConsoleIntercept: true,
    hookTimeout: 60_000,
  },
})
