import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { counts, type FileTime, fileTimes, slowest } from './reportTimes'

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
const show = ({ file, ms }: FileTime) =>
  `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file.startsWith('/') ? relative(process.cwd(), file) : file}`
for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'))
  const { passed, failed, skipped } = counts(report)
  total.passed += passed
  total.failed += failed
  total.skipped += skipped
  console.log(`Slowest files of ${file}:\n${slowest(fileTimes(report), SLOWEST_SHOWN).map(show).join('\n')}`)
}
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exit(total.failed > 0 ? 1 : 0)
