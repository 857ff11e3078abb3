import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { counts, type FileTime, fileTimes, slowest, WHOLE_FILE_TIMES_SUFFIX } from './reportTimes'

/**
 * The suite's closing lines, from the JSON reports the test steps wrote (Vitest's and Playwright's): the slowest
 * test files of each report, then one line for the whole suite, e.g. "Tests: 312 passed, 0 failed, 0 skipped".
 */
const SLOWEST_SHOWN = 10
const [dir = '.test-results', ...expected] = process.argv.slice(2)
const missing = expected.filter((name) => !existsSync(join(dir, `${name}.json`)))
if (missing.length > 0) {
  console.error(`Missing test reports: ${missing.join(', ')}`)
  process.exit(1)
}
const total = { passed: 0, failed: 0, skipped: 0 }
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const show = ({ file, ms, importMs }: FileTime) =>
  `  ${seconds(ms).padStart(9)}  ${file.startsWith('/') ? relative(process.cwd(), file) : file}` +
  (importMs === undefined ? '' : `  (import ${seconds(importMs)})`)
const reports = readdirSync(dir).filter(
  (name) => name.endsWith('.json') && !name.endsWith(WHOLE_FILE_TIMES_SUFFIX),
)
for (const file of reports) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'))
  // A Vitest report's whole file times when its run kept them (import and hooks included), else the report's own.
  const whole = join(dir, file.replace(/\.json$/, WHOLE_FILE_TIMES_SUFFIX))
  const times: FileTime[] = existsSync(whole) ? JSON.parse(readFileSync(whole, 'utf8')) : fileTimes(report)
  const { passed, failed, skipped } = counts(report)
  total.passed += passed
  total.failed += failed
  total.skipped += skipped
  console.log(`Slowest files of ${file}:\n${slowest(times, SLOWEST_SHOWN).map(show).join('\n')}`)
}
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exit(total.failed > 0 ? 1 : 0)
