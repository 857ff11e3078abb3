import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@allaccess/testkit'
import { defineConfig } from '@playwright/test'
import { E2E_SITE_URL } from './support/ports'

/** Tests that take a shared part of the stack down for a while: they run after every other test. */
const TAKES_THE_STACK_DOWN = /@identity-provider-down/

/**
 * Most of a browser test's time is waiting (pages, the relay, the chain, the frame), not CPU: on two cores, four
 * workers finish sooner than two (measured in README.md#tests). E2E_WORKERS overrides.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 4)

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
    trace: 'retain-on-failure',
  },
  projects: [
    // A teardown project runs once the project it tears down has ended, whatever its tests' outcome.
    { name: 'e2e', grepInvert: TAKES_THE_STACK_DOWN, teardown: 'stack-down' },
    { name: 'stack-down', grep: TAKES_THE_STACK_DOWN },
  ],
})
