import { freePort } from '@allaccess/testkit'
import type { Locator, Page } from '@playwright/test'
import { type ServedApp, startSite } from '../../scripts/site'
import { expect, modal } from './fixtures'
import { E2E_CLOUD_URL, E2E_FRAME_URL, E2E_RPC_URL, E2E_SOLANA_RPC_URL } from './ports'

/**
 * The site built as `SITE_SOLANA=on npm start` builds it, against the stack's local Solana chain (LiteSVM) and the
 * e2e cloud, into `outDir` (a folder of each spec's own, beside the stack's E2E_SITE_DIST: two workers never build
 * into one folder).
 */
export async function startSolanaSite(outDir: string): Promise<ServedApp> {
  return startSite({
    port: await freePort(),
    outDir,
    cloudUrl: E2E_CLOUD_URL,
    chainRpcUrl: E2E_RPC_URL,
    frameUrl: `${E2E_FRAME_URL}/`,
    solanaRpcUrl: E2E_SOLANA_RPC_URL,
  })
}

/** Send's form, filled and previewed. */
export async function previewSend(dialog: Locator, token: RegExp, amount: string, to: string) {
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog.getByRole('heading', { name: 'Send' })).toBeVisible()
  const choice = dialog.getByRole('combobox', { name: 'Token' })
  // The token list loads after the view paints: wait for the option before reading its label.
  const option = choice.locator('option').filter({ hasText: token })
  await expect(option).toHaveCount(1)
  await choice.selectOption({ label: (await option.textContent()) ?? '' })
  await dialog.getByRole('textbox', { name: 'Amount' }).fill(amount)
  await dialog.getByRole('textbox', { name: 'Receiver address' }).fill(to)
  await dialog.getByRole('button', { name: 'Preview send' }).click()
}

/**
 * Signs in from the holders' area with the account on show (SiwxSignMessage's Sign); returns the message the cloud
 * was sent once it says the account holds no pass (the pass is an EVM token: a Solana account has none).
 */
export async function signInFromHoldersArea(page: Page): Promise<string> {
  const holders = page.getByRole('region', { name: 'Holders’ area' })
  await holders.getByRole('button', { name: 'Sign in' }).click()
  const signing = modal(page)
  await expect(signing.getByRole('heading', { name: 'Sign in to All-Access Pass' })).toBeVisible()
  const created = page.waitForRequest(
    (request) => request.url().includes('/auth/v1/siwx/sessions') && request.method() === 'POST',
  )
  await signing.getByRole('button', { name: 'Sign', exact: true }).click()
  const { message } = (await created).postDataJSON() as { message: string }
  await expect(holders.getByRole('alert')).toHaveText(
    'This address holds no All-Access Pass yet: mint one, then check again.',
  )
  return message
}
