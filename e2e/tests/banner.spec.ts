import {
  BANNER_AUTO_HIDE_MS,
  BANNER_ERROR_HIDE_MS,
  BANNER_REPLACEMENT_DELAY_MS,
} from '@allaccess/modal/testing'
import type { Page } from '@playwright/test'
import { connect, expect, openModal, test } from '../support/fixtures'

// The behaviour these tests check: docs/behaviour.md#banner.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

/**
 * Stops the page's clock (installed before the page loaded) where it is: from here its timers fire only as the
 * test runs them, so a banner's time on screen is measured exactly, not waited out.
 */
async function stopClock(page: Page) {
  // Ahead of the page's time, which flows on while this call is on its way (a busy machine can take a second);
  // the jump comes before the banner shows, so it takes nothing off the banner's time.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 2_000))
}

async function openAccount(page: Page) {
  await page.goto('/')
  await connect(page)
  const dialog = await openModal(page)
  await expect(dialog.getByRole('heading', { name: 'Account' })).toBeVisible()
  return dialog
}

test('Notification banner: copying the address shows a success banner (role=status) that hides by itself', async ({
  page,
  wallet,
}) => {
  await page.clock.install()
  const dialog = await openAccount(page)
  await stopClock(page)
  await dialog.getByRole('button', { name: 'Copy address' }).click()
  const status = dialog.getByRole('status').filter({ hasText: 'Address copied' })
  await expect(status).toBeVisible()
  await expect(status.getByRole('button', { name: 'Dismiss notification' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallet.address)
  await page.clock.runFor(BANNER_AUTO_HIDE_MS - 100)
  await expect(status).toBeVisible()
  await page.clock.runFor(200)
  await expect(dialog.getByText('Address copied')).toBeHidden()
})

test('Notification banner: a new banner while one shows closes the old one, then shows the new one after 150 ms', async ({
  page,
  wallet: _wallet,
}) => {
  const dialog = await openAccount(page)
  // Record, in the page, when the banner leaves and comes back: the gap is what a user sees.
  await page.evaluate(() => {
    const root = document.querySelector('[data-allaccess-modal]')?.shadowRoot
    const region = root?.querySelector('.banner-slot > [role="status"]')
    if (!region) throw new Error('no status region')
    const log: { at: number; shown: boolean }[] = []
    Object.assign(window, { bannerLog: log })
    new MutationObserver(() =>
      log.push({ at: performance.now(), shown: Boolean(region.querySelector('.banner')) }),
    ).observe(region, { childList: true, subtree: true })
  })
  const copy = dialog.getByRole('button', { name: 'Copy address' })
  await copy.click()
  await expect(dialog.getByText('Address copied')).toBeVisible()
  await copy.click()
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { bannerLog: unknown[] }).bannerLog.length))
    .toBeGreaterThanOrEqual(3)
  const log = await page.evaluate(
    () => (window as unknown as { bannerLog: { at: number; shown: boolean }[] }).bannerLog,
  )
  const [first, hidden, second] = log
  expect([first?.shown, hidden?.shown, second?.shown]).toEqual([true, false, true])
  const gap = (second?.at ?? 0) - (hidden?.at ?? 0)
  // The page observes both changes a little late, so the measured gap can fall short of 150 ms by a frame or two;
  // the exact 150 ms is asserted with fake timers in core/banner.test.ts. Here: a real wait, not an instant swap.
  expect(gap).toBeGreaterThanOrEqual(BANNER_REPLACEMENT_DELAY_MS - 50)
  // Generous on purpose: a loaded CI machine delays timers; the 150 ms floor is the behaviour under test.
  expect(gap).toBeLessThan(BANNER_REPLACEMENT_DELAY_MS + 2_000)
  await expect(dialog.getByRole('status').filter({ hasText: 'Address copied' })).toBeVisible()
})

test('Notification banner: a refused clipboard shows an error banner (role=alert) that stays longer, dismissable, and hides by itself within 10 s', async ({
  page,
  wallet: _wallet,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(Clipboard.prototype, 'writeText', {
      value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
    })
  })
  await page.clock.install()
  const dialog = await openAccount(page)
  await stopClock(page)
  await dialog.getByRole('button', { name: 'Copy address' }).click()
  const alert = dialog.getByRole('alert')
  await expect(alert).toHaveText('Couldn’t copy the address')
  await page.clock.runFor(BANNER_AUTO_HIDE_MS + 500)
  await expect(alert).toHaveText('Couldn’t copy the address')
  await alert.getByRole('button', { name: 'Dismiss notification' }).click()
  await expect(alert).toBeHidden()
  await expect(dialog.getByRole('heading', { name: 'Account' })).toBeVisible()

  // Not dismissed, it goes by itself: no toast lingers past 10 s.
  await dialog.getByRole('button', { name: 'Copy address' }).click()
  await expect(alert).toHaveText('Couldn’t copy the address')
  await page.clock.runFor(BANNER_ERROR_HIDE_MS - 100)
  await expect(alert).toHaveText('Couldn’t copy the address')
  await page.clock.runFor(200)
  await expect(alert).toBeHidden()
  expect(BANNER_ERROR_HIDE_MS).toBeLessThan(10_000)
})
