/**
 * What the suite's JSON reports (Vitest's and Playwright's) say about counts and per-file times, so the summary
 * names the slowest files and the next slow test is visible.
 */

export type Counts = { passed: number; failed: number; skipped: number }
/** `importMs`, where known: of `ms`, the file's import (with what it imports; a shared module graph loads once). */
export type FileTime = { file: string; ms: number; importMs?: number }

/** Beside a Vitest report `name.json`: `name.files.json`, its files' whole times (scripts/fileTimesReporter.ts). */
export const WHOLE_FILE_TIMES_SUFFIX = '.files.json'

/** What Vitest's `TestModule.diagnostic()` says of a file's time, in its parts. */
type ModuleDiagnostic = {
  environmentSetupDuration: number
  prepareDuration: number
  collectDuration: number
  setupDuration: number
  duration: number
}

/** A file's whole time: its set-up and import (collecting its tests), then its hooks and tests. */
export function wholeFileTime(file: string, diagnostic: ModuleDiagnostic): FileTime {
  const { environmentSetupDuration, prepareDuration, collectDuration, setupDuration, duration } = diagnostic
  const importMs = environmentSetupDuration + prepareDuration + collectDuration + setupDuration
  return { file, ms: Math.round(importMs + duration), importMs: Math.round(importMs) }
}

type VitestReport = {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests?: number
  testResults?: { name: string; startTime: number; endTime: number }[]
}
type PlaywrightSuite = {
  file?: string
  specs?: { tests: { results: { duration: number }[] }[] }[]
  suites?: PlaywrightSuite[]
}
type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
  suites?: PlaywrightSuite[]
}
type Report = VitestReport | PlaywrightReport

const isVitest = (report: Report): report is VitestReport => 'numPassedTests' in report

export function counts(report: Report): Counts {
  if (isVitest(report))
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    }
  const { expected, unexpected, flaky, skipped } = report.stats
  return { passed: expected + flaky, failed: unexpected, skipped }
}

/** Each test file's time: Vitest's from its start to its end, Playwright's summed over its tests' runs. */
export function fileTimes(report: Report): FileTime[] {
  if (isVitest(report))
    return (report.testResults ?? []).map(({ name, startTime, endTime }) => ({
      file: name,
      ms: endTime - startTime,
    }))
  const byFile = new Map<string, number>()
  const walk = (suite: PlaywrightSuite, file: string) => {
    const own = suite.file ?? file
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results) byFile.set(own, (byFile.get(own) ?? 0) + result.duration)
    for (const child of suite.suites ?? []) walk(child, own)
  }
  for (const suite of report.suites ?? []) walk(suite, '')
  return [...byFile].map(([file, ms]) => ({ file, ms }))
}

/** The `count` slowest, slowest first. */
export function slowest(times: readonly FileTime[], count: number): FileTime[] {
  return [...times].sort((a, b) => b.ms - a.ms).slice(0, count)
}
