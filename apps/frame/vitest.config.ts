import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // No file mocks modules or stubs globals (each wallet gets its own IndexedDB): the files of a worker share one
    // module graph, so viem, the cloud and PGlite load once a worker (its 24 files: 268 s → 130 s, 86 → 42 s of
    // CPU, on the loaded 2 cores).
    isolate: false,
    // Logs straight to the terminal: one still on its way when the shared worker closes fails the run (see the modal's).
    disableConsoleIntercept: true,
  },
})
