import { writeFileSync } from 'node:fs'
import type { Reporter, TestModule } from 'vitest/node'
import { type FileTime, wholeFileTime } from './reportTimes'

/**
 * A Vitest reporter of each test file's whole time (its import, its hooks and its tests), written as JSON to the
 * path in VITEST_FILE_TIMES when the run ends; the summary lists these instead of the JSON report's, which counts
 * the tests only (a file whose hook starts a cloud, or whose import loads viem and PGlite, looked quick there).
 */
export default class FileTimesReporter implements Reporter {
  private readonly times: FileTime[] = []
  private readonly outputFile = process.env.VITEST_FILE_TIMES

  onTestModuleEnd(module: TestModule) {
    this.times.push(wholeFileTime(module.moduleId, module.diagnostic()))
  }

  onTestRunEnd() {
    if (this.outputFile) writeFileSync(this.outputFile, `${JSON.stringify(this.times, null, 1)}\n`)
  }
}
