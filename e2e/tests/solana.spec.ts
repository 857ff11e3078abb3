import { AccountErrorText } from '@allaccess/modal/testing'
import { devKeySeed, LOCAL_SOLANA_CHAIN_ID, TUSD } from '@allaccess/solana-chain'
import { installSolanaWallet } from '@allaccess/testkit/solana'
import { type Address, address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { ServedApp } from '../../scripts/site'
import { expect, modal, test } from '../support/fixtures'
import { E2E_SOLANA_RPC_URL } from '../support/ports'
import { previewSend, signInFromHoldersArea, startSolanaSite } from '../support/solanaSite'

// The behaviour these tests check: docs/behaviour.md#chains (a second family), #account, #send and #receive on
// Solana. The site is built as `SITE_SOLANA=on npm start` builds it, against the local Solana chain (LiteSVM) and
// the e2e cloud (its Solana gateway and balances: SOLANA_RPC_LOCAL, e2e/support/globalSetup.ts).

// The stack's Solana chain (e2e/support/globalSetup.ts) and one Solana site for the file: its tests run one after another in one worker.
test.describe.configure({ mode: 'serial' })

let site: ServedApp
const rpc = createSolanaRpc(E2E_SOLANA_RPC_URL)

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the hook's fixtures from this pattern
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000)
  // Overridable so parallel sessions don't share one build.
  site = await startSolanaSite(
    process.env.E2E_SOLANA_SITE_DIST ?? new URL('../../apps/site/dist-e2e-solana', import.meta.url).pathname,
  )
})
test.afterAll(async () => {
  await site?.close()
})

/** How the modal shortens an address: 4 characters (after an EVM address's 0x), an ellipsis, the last 4. */
const short = (text: string) => `${text.slice(0, text.startsWith('0x') ? 6 : 4)}…${text.slice(-4)}`
const tusdOf = async (owner: Address) => {
  const [ata] = await findAssociatedTokenPda({
    owner,
    mint: address(TUSD.mint),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  return BigInt((await rpc.getTokenAccountBalance(ata).send()).value.amount)
}

/** Opens the Solana site's modal from its header button. */
async function openModal(page: import('@playwright/test').Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^(?!Connecting)/ })
    .click()
  const dialog = modal(page)
  await expect(dialog).toBeVisible()
  return dialog
}

/** A Solana dev key's wallet in the page, connected on the Solana site, with Account open. */
async function connectSolana(page: import('@playwright/test').Page, devKey: number) {
  const wallet = await installSolanaWallet(page, {
    secretKey: devKeySeed(devKey),
    rpcUrl: E2E_SOLANA_RPC_URL,
  })
  await page.goto(site.url)
  const dialog = await openModal(page)
  // Listed as the browser's own wallets are: installed, with its icon.
  const pick = dialog.getByRole('button', { name: /Testkit Solana Wallet/ })
  await expect(pick).toContainText('Installed')
  await expect(pick.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/)
  await pick.click()
  await expect(dialog).toBeHidden()
  const account = await openModal(page)
  await expect(account.getByRole('heading', { name: 'Account' })).toBeVisible()
  return { wallet, dialog: account }
}

test('a Wallet Standard wallet connects; SOL and tUSD show; SOL and tUSD sent reach the receiver on chain; a reload restores it', async ({
  page,
}) => {
  const { wallet, dialog } = await connectSolana(page, 5)
  await expect(dialog.getByText(short(wallet.address))).toBeVisible()
  await expect(dialog.getByText(/^Balance: 1000 SOL$/)).toBeVisible()
  await expect(dialog.getByText('Connected with Testkit Solana Wallet')).toBeVisible()
  await expect(dialog.getByRole('button', { name: /^Network: Local Solana/ })).toBeVisible()
  await expect(dialog.getByRole('link', { name: /^Block explorer/ })).toHaveAttribute(
    'href',
    `https://explorer.solana.com/address/${wallet.address}?cluster=custom&customUrl=${encodeURIComponent(E2E_SOLANA_RPC_URL)}`,
  )
  const tokens = dialog.getByRole('list', { name: 'Tokens' })
  await expect(tokens.getByRole('listitem').filter({ hasText: 'Test USD' })).toContainText('10000 tUSD')
  await expect(tokens.getByRole('listitem').filter({ hasText: 'SOL' }).first()).toContainText('1000 SOL')
  // Activity is EVM's only (the spec's §1): said where its list would be.
  const tabs = dialog.getByRole('tablist', { name: 'Account' })
  await tabs.getByRole('tab', { name: 'Activity' }).click()
  await expect(dialog.getByRole('tabpanel', { name: 'Activity' })).toHaveText(
    AccountErrorText.activityEvmOnly,
  )
  await tabs.getByRole('tab', { name: 'Tokens' }).click()

  const receiver = (await generateKeyPairSigner()).address
  await previewSend(dialog, /^SOL — /, '1.5', receiver)
  await expect(dialog.getByRole('heading', { name: 'Review Send' })).toBeVisible()
  // One signature's fee, 5000 lamports, in SOL.
  await expect(dialog.getByRole('definition').last()).toHaveText('0.000005 SOL')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'Sent 1.5 SOL' })).toBeVisible()
  expect((await rpc.getBalance(receiver).send()).value).toBe(1_500_000_000n)
  expect(wallet.requests.map((request) => request.method)).toContain('signAndSendTransaction')

  await dialog.getByRole('button', { name: 'Back to account' }).click()
  await previewSend(dialog, /^tUSD — /, '2.5', receiver)
  // The receiver has no tUSD account yet: its rent is part of what the send costs.
  const rent = await rpc.getMinimumBalanceForRentExemption(165n).send()
  const fee = (Number(rent) + 5000) / 1e9
  await expect(dialog.getByRole('definition').last()).toHaveText(`${fee.toFixed(6)} SOL`)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'Sent 2.5 tUSD' })).toBeVisible()
  expect(await tusdOf(receiver)).toBe(2_500_000n)
  await dialog.getByRole('button', { name: 'Back to account' }).click()
  await expect(tokens.getByRole('listitem').filter({ hasText: 'Test USD' })).toContainText('9997.5 tUSD')

  // A reload restores the connection without asking the wallet again.
  await page.reload()
  await expect(page.getByRole('banner').getByRole('button', { name: short(wallet.address) })).toBeVisible()
  const restored = await openModal(page)
  await expect(restored.getByText(short(wallet.address))).toBeVisible()
  expect(wallet.requests.filter((request) => request.method === 'connect').at(-1)?.params).toEqual({
    silent: true,
  })
})

test("signs in with the Solana wallet (CAIP-122's Solana text, ed25519): the holders' area says the account holds no pass", async ({
  page,
}) => {
  const { wallet, dialog } = await connectSolana(page, 8)
  await dialog.getByRole('button', { name: 'Close' }).click()
  // Signed in: the pass is an EVM token, so the holders' area says this account has none.
  const message = await signInFromHoldersArea(page)
  expect(message.split('\n').slice(0, 2)).toEqual([
    `${new URL(site.url).host} wants you to sign in with your Solana account:`,
    wallet.address,
  ])
  expect(message).toContain(`Chain ID: ${LOCAL_SOLANA_CHAIN_ID.split(':')[1]}`)
  expect(wallet.requests.map((request) => request.method)).toContain('signMessage')
})

test("a receiver that is no Solana address gets Send's clear text", async ({ page }) => {
  const { dialog } = await connectSolana(page, 6)
  await previewSend(dialog, /^SOL — /, '1', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
  await expect(dialog.getByRole('alert')).toHaveText(
    'The receiver address is not valid: 32 to 44 base58 characters',
  )
})

test('switching between the EVM and the Solana namespace: each its own account, and the send form starts afresh', async ({
  page,
  installWallet,
}) => {
  const evm = await installWallet()
  const { wallet, dialog } = await connectSolana(page, 7)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('3')
  await dialog.getByRole('button', { name: 'Back' }).click()

  // The network list holds both families: the devnet moves the modal to eip155, where no wallet is connected yet.
  await dialog.getByRole('button', { name: /^Network: Local Solana/ }).click()
  await dialog.getByRole('button', { name: /Local devnet/ }).click()
  await dialog.getByRole('button', { name: /^Testkit Wallet/ }).click()
  await expect(dialog).toBeHidden()
  const onEvm = await openModal(page)
  await expect(onEvm.getByText(short(evm.address))).toBeVisible()
  await expect(onEvm.getByText(/^Balance: 10 ETH$/)).toBeVisible()

  // And back: the Solana wallet is still connected; its send form is empty again.
  await onEvm.getByRole('button', { name: /^Network: Local devnet/ }).click()
  await onEvm.getByRole('button', { name: /Local Solana/ }).click()
  await expect(onEvm.getByText(short(wallet.address))).toBeVisible()
  await onEvm.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(onEvm.getByRole('textbox', { name: 'Amount' })).toHaveValue('')
})

test("Buy and Swap on a Solana account, as the spec has them: Buy offers SOL (§7); Swap says the network isn't one for swaps", async ({
  page,
}) => {
  const { dialog } = await connectSolana(page, 9)
  // The spec's §1 makes names and activity EVM's only, not the on-ramp nor the swaps: both buttons stay.
  await expect(dialog.locator('.account-features').getByRole('button')).toHaveText([
    'Buy',
    'Swap',
    'Receive',
    'Send',
  ])
  await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  await expect(dialog.getByRole('heading', { name: 'Swap' })).toBeVisible()
  // Solana is none of the swap-supported chains (§9): the cloud's refusal in the spec's words.
  await expect(dialog.getByText('Network not supported for Swaps')).toBeVisible()
  await dialog.getByRole('button', { name: 'Back' }).click()
  await dialog.getByRole('button', { name: 'Buy', exact: true }).click()
  await dialog.getByRole('button', { name: /Sandbox Pay/ }).click()
  await expect(dialog).toHaveAccessibleName('Buy crypto')
  await expect(dialog.getByRole('combobox', { name: 'Buy' })).toHaveValue('SOL')
})
