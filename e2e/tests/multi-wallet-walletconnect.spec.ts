import type { Page } from '@playwright/test'
import { cloudHistory } from '../support/account'
import { expectAccessible } from '../support/axe'
import { connect, expect, pairingLink, test } from '../support/fixtures'
import { heldPass } from '../support/pass'
import {
  addEmailWallet,
  evmRows,
  headerButton,
  openWallets,
  rowProblems,
  short,
  shownBalance,
  WALLETCONNECT_SWITCHER,
} from '../support/profileWallets'

// The behaviour these tests check: docs/behaviour.md#profile-wallets (WalletConnect beside the others, spec §2,
// §4): a QR pairing never drops the extension's session; WalletConnect disconnected alone leaves the others;
// the mint page and Account follow the current connection.

const sent = (requests: readonly { method: string }[]) =>
  requests.filter((request) => request.method === 'eth_sendTransaction').length

/** Mints the pass from the page with its current account; resolves once the page shows it held. */
async function mint(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
  await expect(page.getByText(/You hold All-Access Pass #\d+\./)).toBeVisible({ timeout: 30_000 })
}

test('an extension, WalletConnect by QR and the e-mail wallet at once: none dropped, the page follows the current one, WalletConnect disconnected alone', async ({
  page,
  wallet,
  wcWallet,
}) => {
  test.setTimeout(180_000)
  await page.goto('/')
  await connect(page)
  await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wallet.address)))

  // Wallets → Add another wallet → WalletConnect's QR code, paired by the wallet.
  let dialog = await openWallets(page, 'Connected with Testkit Wallet. Switch wallet')
  await dialog.getByRole('button', { name: 'Add another wallet' }).click()
  const walletConnect = dialog.getByRole('list', { name: 'Wallets' }).getByRole('button').first()
  await expect(walletConnect).toHaveText(/WalletConnect\s*QR code/)
  await walletConnect.click()
  await wcWallet.pair(await pairingLink(dialog))
  await expect(dialog).toBeHidden()
  await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wcWallet.address)))

  // The extension's session is still there: both listed, WalletConnect current, each with its own balance.
  dialog = await openWallets(page, WALLETCONNECT_SWITCHER)
  const rows = evmRows(dialog)
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('Testkit Wallet')
  await expect(rows.nth(0)).toContainText(short(wallet.address))
  await expect(rows.nth(0)).toContainText(await shownBalance(wallet.address))
  await expect(rows.nth(1)).toContainText('WalletConnect')
  await expect(rows.nth(1)).toContainText(await shownBalance(wcWallet.address))
  await expect(rows.nth(1).locator('[aria-current="true"]')).toContainText(short(wcWallet.address))
  expect(await rowProblems(dialog)).toEqual([])
  await expectAccessible(page, 'Wallets')
  await page.keyboard.press('Escape')

  // The mint page follows the current one: WalletConnect's wallet signs, the extension is asked nothing.
  await mint(page)
  const { tokenId, owner } = await heldPass(page)
  expect(owner).toBe(wcWallet.address)
  expect(sent(wcWallet.requests)).toBe(1)
  expect(sent(wallet.requests)).toBe(0)
  const hash = (await page.getByRole('link', { name: 'View on explorer' }).getAttribute('href'))
    ?.split('/')
    .at(-1)
  await expect.poll(() => cloudHistory(wcWallet.address), { timeout: 20_000 }).toContain(hash)

  // Made current without a new login: the page follows the extension, which holds no pass.
  dialog = await openWallets(page, WALLETCONNECT_SWITCHER)
  expect(await rowProblems(dialog)).toEqual([])
  await dialog.getByRole('button', { name: /^Switch to Testkit Wallet/ }).click()
  await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wallet.address)))
  await expect(page.getByRole('button', { name: 'Mint for 0.01 ETH' })).toBeVisible()
  // Account follows it too: the extension's balance, and its Activity (it never sent anything).
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expect(dialog.getByText(`Balance: ${await shownBalance(wallet.address)}`)).toBeVisible()
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  await expect(dialog.getByRole('tabpanel', { name: 'Activity' })).toContainText('No activity yet')

  // And back: WalletConnect's Activity shows its mint.
  await dialog.getByRole('button', { name: 'Connected with Testkit Wallet. Switch wallet' }).click()
  await dialog.getByRole('button', { name: /^Switch to WalletConnect/ }).click()
  await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wcWallet.address)))
  await dialog.getByRole('button', { name: 'Back' }).click()
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  await expect(dialog.getByRole('tabpanel', { name: 'Activity' })).toContainText(
    `Minted All-Access Pass #${tokenId}`,
  )
  await page.keyboard.press('Escape')

  // The extension current again, for the rest.
  dialog = await openWallets(page, WALLETCONNECT_SWITCHER)
  await dialog.getByRole('button', { name: /^Switch to Testkit Wallet/ }).click()
  await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wallet.address)))
  await page.keyboard.press('Escape')

  // The e-mail wallet beside both.
  dialog = await openWallets(page, 'Connected with Testkit Wallet. Switch wallet')
  await addEmailWallet(page, dialog)
  dialog = await openWallets(page, /^Switch wallet$/)
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(2)).toContainText('E-mail')

  // WalletConnect disconnected alone: its session ends at the wallet; the extension and the e-mail wallet stay.
  await dialog.getByRole('button', { name: 'Disconnect WalletConnect' }).click()
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('Testkit Wallet')
  await expect(rows.nth(1)).toContainText('E-mail')
  await expect.poll(() => wcWallet.sessions.length, { message: "the wallet's sessions" }).toBe(0)
  await expect(rows.nth(1).locator('[aria-current="true"]')).toBeVisible()

  // A reload restores both, in the order they connected, and the e-mail wallet is current still, though wagmi
  // reconnects the extension first (issue 29).
  await page.reload()
  dialog = await openWallets(page, /Switch wallet$/)
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText(short(wallet.address))
  await expect(rows.nth(1)).toContainText('E-mail')
  await expect(rows.nth(1).locator('[aria-current="true"]')).toBeVisible()
})
