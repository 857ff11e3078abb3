import { devAccounts } from '@allaccess/chain'
import { addresses } from '@allaccess/chain/deployments'
import { expect as expectNode } from '@playwright/test'
import type { Hex } from 'viem'
import {
  cloudHistory,
  DEVNET_ACCOUNT_QUERY,
  mintTestUsd,
  openAccount,
  testUsdBalance,
} from '../support/account'
import { expect, modal, test } from '../support/fixtures'
import { E2E_CLOUD_URL } from '../support/ports'

// The behaviour these tests check: docs/behaviour.md#balances, #activity and #nfts, on what the cloud's indexer
// reads from the devnet (the seeded tokens of dev accounts #1–#5, transfers, the pass).

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
const devAccount = (index: number) => devAccounts[index] as (typeof devAccounts)[number]

/** Waits until the indexer has the transaction in the account's history (it follows the chain block by block). */
async function indexed(address: string, hash: string) {
  await expectNode.poll(() => cloudHistory(address), { timeout: 20_000 }).toContain(hash)
}

test('Tokens from the cloud: ETH and the seeded tokens with their amounts; the 0-decimal token is absent', async ({
  page,
  installWallet,
}) => {
  await installWallet({ privateKey: devAccount(3).privateKey })
  const dialog = await openAccount(page)
  const tokens = dialog.getByRole('list', { name: 'Tokens' })
  await expect(tokens.getByRole('listitem').filter({ hasText: 'Test USD' })).toContainText('1000 tUSD')
  await expect(tokens.getByRole('listitem').filter({ hasText: 'Test Gold' })).toContainText('25.5 TGLD')
  await expect(tokens.getByRole('listitem').filter({ hasText: /\d ETH/ })).toBeVisible()
  await expect(tokens).not.toContainText('TPTS')
  // The airdropped spam is hidden from Activity.
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  await expect(dialog.getByRole('tabpanel', { name: 'Activity' })).not.toContainText(/Reward|CLAIM|USDC/)
})

test("Send 5 tUSD to dev account #2: balanceOf agrees and both accounts' Activity shows it", async ({
  page,
  wallet,
}) => {
  const sender = wallet.address
  await mintTestUsd(sender, '20')
  const receiver = devAccount(2)
  const before = await testUsdBalance(receiver.address)
  const dialog = await openAccount(page)
  await expect(dialog.getByRole('list', { name: 'Tokens' })).toContainText('20 tUSD')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await dialog.getByRole('combobox', { name: 'Token' }).selectOption({ label: 'tUSD — 20 available' })
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('5')
  await dialog.getByRole('textbox', { name: 'Receiver address' }).fill(receiver.address)
  await dialog.getByRole('button', { name: 'Preview send' }).click()
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'Sent 5 tUSD' })).toBeVisible()
  expect(await testUsdBalance(receiver.address)).toBe(before + 5_000_000n)
  // Titled for what happened, the hash short (Copy gives all of it), a link to the explorer.
  await expect(dialog.getByRole('heading', { name: 'Sent' })).toBeVisible()
  const shown = dialog.locator('.transaction-hash code')
  await expect(shown).toHaveText(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/)
  await expect(dialog.getByRole('button', { name: 'Copy transaction hash' })).toBeVisible()
  const hash = (await shown.getAttribute('title')) as Hex
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/)

  // The sender's Activity shows the send without the test waiting for the cloud's indexer: the modal keeps
  // asking until it lists its own transaction (docs/behaviour.md#activity).
  await dialog.getByRole('button', { name: 'Back to account' }).click()
  // A fresh start: Account shows no Back after "Back to account".
  await expect(dialog.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0)
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  await expect(dialog.getByRole('region', { name: 'Today' }).getByRole('listitem').first()).toContainText(
    `Sent 5 tUSD`,
  )
  await expect(dialog.getByRole('region', { name: 'Today' })).toContainText(`to ${short(receiver.address)}`)

  // The receiver's side: the wallet moves to dev account #2.
  await indexed(receiver.address, hash)
  await wallet.emitAccountsChanged(receiver.privateKey)
  await expect(dialog.getByText(short(receiver.address))).toBeVisible()
  await expect(dialog.getByRole('region', { name: 'Today' })).toContainText(`Received 5 tUSD`)
  await expect(dialog.getByRole('region', { name: 'Today' })).toContainText(`from ${short(sender)}`)
})

test('mint the pass on the page: NFTs shows it with its on-chain art, Activity shows the mint', async ({
  page,
  wallet,
}) => {
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click()
  await modal(page).getByRole('button', { name: 'Testkit Wallet' }).click()
  await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
  const minted = page.getByText(/You hold All-Access Pass #\d+\./)
  await expect(minted).toBeVisible()
  const tokenId = (await minted.textContent())?.match(/#(\d+)/)?.[1]
  await expectNode
    .poll(
      async () =>
        (await fetch(`${E2E_CLOUD_URL}/v1/account/${wallet.address}/nfts?${DEVNET_ACCOUNT_QUERY}`)).text(),
      {
        timeout: 20_000,
      },
    )
    .toContain(`${addresses.allAccessPass}:${tokenId}`)

  await page.getByRole('banner').getByRole('button', { name: /0x/ }).click()
  const dialog = modal(page)
  await dialog.getByRole('tab', { name: 'NFTs' }).click()
  const pass = dialog.getByRole('button', { name: `All-Access Pass #${tokenId}` })
  await expect(pass).toBeVisible()
  // The tile's image is decorative (the button is named by the NFT): the cloud's art has loaded.
  const art = pass.locator('img')
  await expect(art).toHaveJSProperty('complete', true)
  expect(await art.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
  await pass.click()
  await expect(dialog.getByRole('img', { name: `All-Access Pass #${tokenId}` })).toBeVisible()
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  // The mint names the pass that came in (not the ETH paid), with its picture and the time.
  const row = dialog
    .getByRole('region', { name: 'Today' })
    .getByRole('listitem')
    .filter({ hasText: 'Minted' })
  await expect(row).toContainText(`Minted All-Access Pass #${tokenId}`)
  await expect(row).not.toContainText('0.01 ETH')
  await expect(row.locator('img')).toHaveJSProperty('complete', true)
  await expect(row.locator('time')).toHaveText(/^\d{2}:\d{2}$/)
})
