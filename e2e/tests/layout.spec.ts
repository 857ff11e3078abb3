import type { Page } from '@playwright/test'
import { submitEmail } from '../support/embeddedWallet'
import { expect, modal, test } from '../support/fixtures'
import { newEmail } from '../support/frameRequest'
import { E2E_FRAME_URL, E2E_SITE_URL } from '../support/ports'

// The supported layout (docs/deploy.md#layout): the frame on its own origin under the site's domain.

const LOAD_FAILED = 'Network Error - Could not load embedded wallet'

/** The frame's document among the page's frames, once the modal has added it. */
async function frameOf(page: Page) {
  await expect
    .poll(() => page.frames().some((frame) => frame.url().startsWith(`${E2E_FRAME_URL}/`)))
    .toBe(true)
  const frame = page.frames().find((each) => each.url().startsWith(`${E2E_FRAME_URL}/`))
  if (!frame) throw new Error('no frame')
  return frame
}

test('the site and the frame on two host names of one site: the frame keeps its storage and answers', async ({
  page,
}) => {
  await page.goto('/')
  expect(new URL(page.url()).origin).toBe(E2E_SITE_URL)
  expect(new URL(E2E_SITE_URL).hostname).toBe('site.allaccess.localhost')
  expect(new URL(E2E_FRAME_URL).hostname).toBe('wallet.allaccess.localhost')
  await submitEmail(page, newEmail())
  await expect(modal(page).getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible()
  const frame = await frameOf(page)
  const databases = await frame.evaluate(async () => (await indexedDB.databases()).map(({ name }) => name))
  // One vault per project and host site (docs/embedded-wallet.md#device-binding).
  expect(databases.some((name) => name?.startsWith('allaccess-embedded-wallet '))).toBe(true)
})

test(`the frame refused its storage (a third-party context): '${LOAD_FAILED}', and the console says why`, async ({
  page,
}) => {
  // What Chromium does to a frame of another site when third-party storage is blocked: IndexedDB throws.
  await page.context().addInitScript((frameOrigin) => {
    if (location.origin !== frameOrigin) return
    IDBFactory.prototype.open = () => {
      throw new DOMException('Access to the IndexedDB API is denied in this context.', 'SecurityError')
    }
  }, E2E_FRAME_URL)
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.clock.install()
  await page.goto('/')
  await submitEmail(page, newEmail())
  // The host's wait for the frame (20 s) ends in the spec's alert, not a generic error.
  await page.clock.fastForward(21_000)
  await expect(page.getByText(LOAD_FAILED).first()).toBeVisible()
  await expect
    .poll(() => errors.join('\n'))
    .toContain("the embedded wallet's frame cannot use its storage (IndexedDB was refused)")
  expect(errors.join('\n')).toContain('wallet.example.com for a site on example.com')
  await expect(page.getByText('An error occurred')).toHaveCount(0)
})
