import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@allaccess/testkit'
import { defineConfig } from '@playwright/test'
import { E2E_SITE_URL } from './support/ports'

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_SITE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
    trace: 'retain-on-failure',
  },
})
