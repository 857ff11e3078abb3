import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Files whose time is child processes and waits, not their size. Without durations from an earlier run (a clean
 * clone) Vitest starts the largest files first, which started the entry points' test (74 s, 151 lines) at 61 s of
 * a 134 s run, its tail; first, they end among the others.
 */
const LONG_FILES = ['src/main.test.ts', 'src/relay/official-clients.test.ts', 'src/http/fuzz.test.ts']

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const long = (file: TestSpecification) => LONG_FILES.some((name) => file.moduleId.endsWith(name))
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))]
  }
}

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
    sequence: { sequencer: LongFilesFirst },
  },
})
