import { mailboxUrlOf } from '@allaccess/cloud/mailbox-key'
import { waitForCode } from '@allaccess/testkit/mailbox'
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test'
import type { Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { CLOUD_ADMIN_TOKEN_VARIABLE } from './cloudAdmin'
import { modal, openModal } from './fixtures'
import { walletFrame } from './frameRequest'
import { E2E_CLOUD_URL, E2E_SITE_URL } from './ports'

/** The e2e cloud's development mailbox, where every code and link goes (its key from the stack's admin token). */
export const MAILBOX_URL = mailboxUrlOf(E2E_CLOUD_URL, process.env[CLOUD_ADMIN_TOKEN_VARIABLE] ?? '')

/** Types the e-mail into the Connect view's field and submits it; the time the code was asked for. */
export async function submitEmail(page: Page, email: string): Promise<number> {
  const dialog = await openModal(page)
  const after = Date.now()
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue' }).click()
  return after
}

/** Types a code into the six boxes (the first box takes a paste of all six). */
export async function enterCode(page: Page, code: string) {
  await modal(page).getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code)
}

/** Signs in from the Connect view with `email`, reading the code from the real mailbox; the dialog closes. */
export async function signInByEmail(page: Page, email: string) {
  const after = await submitEmail(page, email)
  await expect(modal(page).getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible()
  await enterCode(page, await waitForCode(MAILBOX_URL, email, { after }))
  await expect(modal(page)).toBeHidden()
}

/**
 * The user signs in with `email` in `page`, then the same e-mail goes to a second browser (a new device): `use` gets
 * that browser's first page (not loaded yet) and its context; the browser is closed after, whatever happens.
 */
export async function onSecondDevice(
  page: Page,
  browser: Browser,
  email: string,
  use: (second: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  await page.goto('/')
  await signInByEmail(page, email)
  const other = await browser.newContext({ baseURL: E2E_SITE_URL })
  try {
    await use(await other.newPage(), other)
  } finally {
    await other.close()
  }
}

/** The key the frame's export screen shows: the wallet's own (it gives `address`), and nowhere in the host page. */
export async function expectExportedKey(page: Page, address: Hex): Promise<void> {
  const key = (await walletFrame(page).getByRole('textbox', { name: 'Private key' }).inputValue()) as Hex
  expect(privateKeyToAddress(key)).toBe(address)
  expect(await page.content()).not.toContain(key.slice(2))
}

/**
 * On `holder`, a page whose frame holds the wallet: the frame's own question about a new device of it (a provider's
 * sign-in in another browser), answered Approve; the rows it showed (docs/embedded-wallet.md#new-device-approval).
 */
export async function approveNewDevice(holder: Page): Promise<string> {
  const frame = walletFrame(holder)
  await expect(frame.getByRole('heading', { name: 'Approve a new device?' })).toBeVisible({ timeout: 30_000 })
  const shown = (await frame.getByRole('main').textContent()) ?? ''
  await frame.getByRole('button', { name: 'Approve' }).click()
  await expect(frame.getByRole('heading', { name: 'Approve a new device?' })).toBeHidden()
  return shown
}
