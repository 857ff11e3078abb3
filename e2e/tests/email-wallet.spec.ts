import { randomBytes } from 'node:crypto'
import { addresses, allAccessPassAbi } from '@allaccess/chain/deployments'
import { waitForCode } from '@allaccess/testkit/mailbox'
import type { Page } from '@playwright/test'
import { createPublicClient, http } from 'viem'
import { expect, modal, openModal, test } from '../support/fixtures'
import { E2E_CLOUD_URL, E2E_RPC_URL } from '../support/ports'

// The behaviour these tests check: docs/behaviour.md#email and docs/embedded-wallet.md.

const MAILBOX_URL = `${E2E_CLOUD_URL}/mailbox`
const chainClient = createPublicClient({ transport: http(E2E_RPC_URL) })
const newEmail = () => `visitor-${randomBytes(5).toString('hex')}@example.com`

/** The frame's own document: what the user sees when it shows itself (approvals, key export). */
const walletFrame = (page: Page) => page.frameLocator('iframe[title="Wallet"]')

/** Signs in from the Connect view with a new e-mail, reading the code from the real mailbox. */
async function signInByEmail(page: Page, email: string) {
  const dialog = await openModal(page)
  const after = Date.now()
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible()
  const code = await waitForCode(MAILBOX_URL, email, { after })
  await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code)
  await expect(dialog).toBeHidden()
}

test('e-mail → the code from the mailbox → an address → test ETH → mint → ownerOf agrees; a reload stays connected', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.goto('/')
  const email = newEmail()
  await signInByEmail(page, email)
  const accountButton = page.getByRole('banner').getByRole('button', { name: /^0x/ })
  await expect(accountButton).toBeVisible()

  await page.getByRole('button', { name: 'Get test ETH' }).click()
  await expect(page.getByRole('button', { name: 'Mint for 0.01 ETH' })).toBeEnabled()
  await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
  const frame = walletFrame(page)
  await expect(frame.getByRole('heading', { name: 'Send transaction' })).toBeVisible()
  await frame.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('Minted! Welcome aboard.')).toBeVisible({ timeout: 30_000 })
  const tokenId = BigInt(
    (await page.getByText(/You hold All-Access Pass #\d+\./).textContent())?.match(/#(\d+)/)?.[1] ?? 0,
  )
  const owner = await chainClient.readContract({
    address: addresses.allAccessPass,
    abi: allAccessPassAbi,
    functionName: 'ownerOf',
    args: [tokenId],
  })
  const label = (await accountButton.textContent()) ?? ''
  expect(label.startsWith(owner.slice(0, 6))).toBe(true)

  await page.reload()
  await expect(page.getByRole('banner').getByRole('button', { name: label })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeHidden()
  await openModal(page)
  await expect(modal(page).getByRole('heading', { name: 'Account' })).toBeVisible()
})
