import { describe, expect, it } from 'vitest'
import { counts, fileTimes, slowest, wholeFileTime } from './reportTimes'

const vitest = {
  numPassedTests: 5,
  numFailedTests: 1,
  numPendingTests: 2,
  numTodoTests: 1,
  testResults: [
    { name: '/repo/a.test.ts', startTime: 1_000, endTime: 1_250 },
    { name: '/repo/b.test.ts', startTime: 1_000, endTime: 4_000 },
  ],
}
const playwright = {
  stats: { expected: 3, unexpected: 0, flaky: 1, skipped: 1 },
  suites: [
    {
      file: 'social.spec.ts',
      specs: [{ tests: [{ results: [{ duration: 40_000 }] }] }],
      suites: [{ specs: [{ tests: [{ results: [{ duration: 1_000 }, { duration: 2_000 }] }] }] }],
    },
    { file: 'theme.spec.ts', specs: [{ tests: [{ results: [{ duration: 500 }] }] }] },
  ],
}

describe('the suite summary (scripts/summarize.ts)', () => {
  it("counts Vitest's and Playwright's reports", () => {
    expect(counts(vitest)).toEqual({ passed: 5, failed: 1, skipped: 3 })
    expect(counts(playwright)).toEqual({ passed: 4, failed: 0, skipped: 1 })
  })

  it("times each file: Vitest's from start to end, Playwright's summed over its tests' runs, nested suites too", () => {
    expect(fileTimes(vitest)).toEqual([
      { file: '/repo/a.test.ts', ms: 250 },
      { file: '/repo/b.test.ts', ms: 3_000 },
    ])
    expect(fileTimes(playwright)).toEqual([
      { file: 'social.spec.ts', ms: 43_000 },
      { file: 'theme.spec.ts', ms: 500 },
    ])
  })

  it('lists the slowest first, as many as asked', () => {
    expect(slowest(fileTimes(vitest), 1)).toEqual([{ file: '/repo/b.test.ts', ms: 3_000 }])
    expect(slowest(fileTimes(playwright), 5).map(({ file }) => file)).toEqual([
      'social.spec.ts',
      'theme.spec.ts',
    ])
  })

  it('times a Vitest file whole (fileTimesReporter.ts): its set-up and import, then its hooks and tests', () => {
    const diagnostic = {
      environmentSetupDuration: 0.4,
      prepareDuration: 10.2,
      collectDuration: 2_500.3,
      setupDuration: 89.5,
      duration: 7_000.4,
    }
    expect(wholeFileTime('/repo/a.test.ts', diagnostic)).toEqual({
      file: '/repo/a.test.ts',
      ms: 9_601,
      importMs: 2_600,
    })
  })
})
