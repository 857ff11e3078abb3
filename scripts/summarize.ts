import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * One closing line for the whole suite, summed over the JSON reports the test steps wrote
 * (Vitest's and Playwright's), e.g. "Tests: 312 passed, 0 failed, 0 skipped".
 */
const dir = process.argv[2] ?? '.test-results'
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
