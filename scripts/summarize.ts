import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * One closing line for the whole suite, summed over the JSON reports the test steps wrote
 * (Vitest's and Playwright's), e.g. "Tests: 312 passed, 0 failed, 0 skipped".
 */
const [dir = '.test-results', ...expected] = process.argv.slice(2)
const missing = expected.filter((name) => !existsSync(join(dir, `${name}.json`)))
if (missing.length > 0) {
  console.error(`Missing test reports: ${missing.join(', ')}`)
  process.exit(1)
}
let passed = 0
let failed = 0
let skipped = 0
for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'))
  if ('numPassedTests' in report) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += report.numPendingTests + (report.numTodoTests ?? 0)
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky
    failed += report.stats.unexpected
    skipped += report.stats.skipped
  }
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed > 0 ? 1 : 0)
