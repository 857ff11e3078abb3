/**
 * Social login's latency in headless Chromium against the real stack (the browser tests' anvil, development
 * identity provider, cloud, frame and site build, on free loopback ports). Run: `npx tsx bench/social.ts`. Not a
 * test: it prints a table. RUNS fresh browser contexts (a new visitor, a new wallet each), each:
 * - click → login page: the provider's button → the provider's login page painted in the popup;
 * - login → connected: the login form submitted → the account button in the page's header (the provider's
 *   redirect, the cloud's token exchange and ID token check, the frame's session, key and shares);
 * - click → connected: the whole, the test user's typing included (a few ms when scripted).
 */

import { chromium } from '@playwright/test'
import { startBrowserStack } from './browserStack'

const RUNS = 5

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN

async function main() {
  const stack = await startBrowserStack()
  const { LOGIN_TEXTS, TEST_USERS } = await import('@allaccess/oidc-dev')
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('@allaccess/testkit')
  const [user] = TEST_USERS
  if (!user) throw new Error('no test user')
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
  const times = { login: [] as number[], connected: [] as number[], whole: [] as number[] }
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(stack.siteUrl)
      await page.waitForLoadState('networkidle')
      await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click()
      const google = page.getByRole('dialog').getByRole('button', { name: 'Google', exact: true })
      await google.waitFor()
      const opened = page.waitForEvent('popup')
      const clicked = Date.now()
      await google.click()
      const popup = await opened
      const username = popup.getByRole('textbox', { name: LOGIN_TEXTS.username })
      await username.waitFor()
      const loginShown = Date.now()
      await username.fill(user.username)
      await popup.getByLabel(LOGIN_TEXTS.password).fill(user.password)
      const submitted = Date.now()
      await popup.getByRole('button', { name: LOGIN_TEXTS.submit }).click()
      await page.getByRole('banner').getByRole('button', { name: /^0x/ }).waitFor({ timeout: 60_000 })
      const connected = Date.now()
      times.login.push(loginShown - clicked)
      times.connected.push(connected - submitted)
      times.whole.push(connected - clicked)
      await context.close()
    }
  } finally {
    await browser.close()
    await stack.stop()
  }
  console.table([
    { step: 'click → login page', 'median ms': median(times.login), runs: times.login.join(' ') },
    { step: 'login → connected', 'median ms': median(times.connected), runs: times.connected.join(' ') },
    { step: 'click → connected', 'median ms': median(times.whole), runs: times.whole.join(' ') },
  ])
}

await main()
