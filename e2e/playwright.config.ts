import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@allaccess/testkit'
import { defineConfig } from '@playwright/test'
import { E2E_SITE_URL } from './support/ports'

/**
 * Two workers on two cores. Most of a browser test's time is waiting (pages, the relay, the chain, the frame), so
 * more may finish sooner on a quiet machine; E2E_WORKERS tries that (on a loaded one, four timed out).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2)

/**
 * No trace unless asked for (E2E_TRACE=1 keeps one for each failed test in e2e/test-results). Recording one for every
 * test, to drop it when the test passes, took a quarter of the browser tests' CPU: a screenshot of every frame, sent
 * over the protocol (docs/test-suite.md). CI shows only what the run prints, so its traces were never read.
 */
const TRACE = process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off'

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: WORKERS,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: E2E_SITE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
    trace: TRACE,
  },
})
