import { waitForCode } from '@allaccess/testkit/mailbox'
import {
  type Address,
  address,
  createSolanaRpc,
  generateKeyPairSigner,
  getAddressDecoder,
  getBase58Encoder,
  lamports,
} from '@solana/kit'
import type { ServedApp } from '../../scripts/site'
import { MAILBOX_URL, signInByEmail } from '../support/embeddedWallet'
import { expect, modal, openModal, test } from '../support/fixtures'
import { approveInFrame, frameRequest, newEmail, walletFrame } from '../support/frameRequest'
import { overflowing } from '../support/overflow'
import { E2E_SOLANA_RPC_URL } from '../support/ports'
import { startSolanaSite } from '../support/solanaSite'
import { endCodeWait } from '../support/stackControl'

// docs/embedded-wallet.md#solana: the e-mail wallet's Solana account, on the site built as `SITE_SOLANA=on npm start`
// builds it, against the local Solana chain (LiteSVM) and the e2e cloud's Solana gateway.

test.describe.configure({ mode: 'serial' })

let site: ServedApp
const rpc = createSolanaRpc(E2E_SOLANA_RPC_URL)

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the hook's fixtures from this pattern
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000)
  site = await startSolanaSite(
    process.env.E2E_EMAIL_SOLANA_SITE_DIST ??
      new URL('../../apps/site/dist-e2e-email-solana', import.meta.url).pathname,
  )
})
test.afterAll(async () => {
  await site?.close()
})

const short = (text: string) => `${text.slice(0, 4)}…${text.slice(-4)}`

/** The e-mail wallet's Solana address, as the frame answers the host. */
async function solanaAddressOf(page: import('@playwright/test').Page): Promise<Address> {
  const chain = await frameRequest(page, 'getChainId', {})
  if (!chain.ok) throw new Error(chain.error.message)
  const user = await frameRequest(page, 'getUser', {
    chainId: (chain.payload as { chainId: number }).chainId,
  })
  if (!user.ok) throw new Error(user.error.message)
  return address((user.payload as { solanaAddress: string }).solanaAddress)
}

async function fund(owner: Address, sol: bigint) {
  const signature = await rpc.requestAirdrop(owner, lamports(sol * 1_000_000_000n)).send()
  await expect
    .poll(async () => (await rpc.getSignatureStatuses([signature]).send()).value[0]?.confirmationStatus)
    .toMatch(/confirmed|finalized/)
}

test('an e-mail user gets a Solana address; SOL sent from the modal, approved in the frame, reaches the receiver on chain', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.goto(site.url)
  await signInByEmail(page, newEmail())
  const owner = await solanaAddressOf(page)
  await fund(owner, 2n)

  // The network list holds both families: on the local Solana chain the account is the e-mail wallet's Solana one.
  const dialog = await openModal(page)
  await dialog.getByRole('button', { name: /^Network: / }).click()
  await dialog.getByRole('button', { name: /Local Solana/ }).click()
  await expect(dialog.getByText(short(owner))).toBeVisible()
  await expect(dialog.getByText(/^Balance: 2 SOL$/)).toBeVisible()

  const receiver = (await generateKeyPairSigner()).address
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  const choice = dialog.getByRole('combobox', { name: 'Token' })
  // The token list loads after the view paints: wait for SOL's option before reading its label.
  const option = choice.locator('option').filter({ hasText: /^SOL — / })
  await expect(option).toHaveCount(1)
  await choice.selectOption({ label: (await option.textContent()) ?? '' })
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('0.5')
  await dialog.getByRole('textbox', { name: 'Receiver address' }).fill(receiver)
  await dialog.getByRole('button', { name: 'Preview send' }).click()
  await expect(dialog.getByRole('heading', { name: 'Review Send' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()

  // The frame's own screen: the transfer decoded (amount, receiver, fee), on the local chain.
  const frame = walletFrame(page)
  await expect(frame.getByRole('heading', { name: 'Send transaction' })).toBeVisible()
  await expect(frame.getByText('asks your wallet to send on Solana local chain.')).toBeVisible()
  await expect(frame.getByText(`Send 0.5 SOL to ${receiver}`)).toBeVisible()
  await expect(frame.getByRole('definition').last()).toHaveText('0.000005 SOL')
  await approveInFrame(page)

  await expect(modal(page).getByRole('status').filter({ hasText: 'Sent 0.5 SOL' })).toBeVisible({
    timeout: 30_000,
  })
  expect((await rpc.getBalance(receiver).send()).value).toBe(500_000_000n)

  // A reload opens the same Solana account again from the frame, on the network the visitor left it on.
  // The frame boots again and opens its Solana account after its login: on a loaded machine that takes a while.
  await page.reload()
  const again = await openModal(page)
  const restored = { timeout: 20_000 }
  await expect(again.getByRole('button', { name: /^Network: Local Solana/ })).toBeVisible(restored)
  await expect(again.getByText(short(owner))).toBeVisible(restored)
  await expect(again.getByText(/^Balance: 1\.49\d* SOL$/)).toBeVisible(restored)
})

test('the key export shows both keys; on a 320 × 568 screen (the smallest dialog) nothing spills sideways, the keys scroll in their box and Done stays on screen', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.goto(site.url)
  const email = newEmail()
  await signInByEmail(page, email)
  const owner = await solanaAddressOf(page)
  // The dialog is min(360px, 100vw - 32px) × min(560px, 100vh - 32px): 288 × 536 here.
  await page.setViewportSize({ width: 320, height: 568 })
  await endCodeWait(email)
  const exported = frameRequest(page, 'exportKey', {})
  const frame = walletFrame(page)
  const main = frame.getByRole('main')
  await expect(frame.getByRole('heading', { name: 'Export private key' })).toBeVisible()
  const asked = Date.now()
  await frame.getByRole('button', { name: 'Send code' }).click()
  await frame
    .getByRole('textbox', { name: /Code from the e-mail/ })
    .fill(await waitForCode(MAILBOX_URL, email, { after: asked }))
  expect(await overflowing(main)).toEqual([])
  await frame.getByRole('button', { name: 'Show key' }).click()

  // The Solana key is this wallet's: base58 of its seed ‖ its public key, the address.
  const solanaKey = frame.getByRole('textbox', { name: 'Solana secret key' })
  await expect(solanaKey).toHaveValue(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
  const bytes = new Uint8Array(getBase58Encoder().encode(await solanaKey.inputValue()))
  expect(getAddressDecoder().decode(bytes.subarray(32))).toBe(owner)

  expect(await overflowing(main)).toEqual([])
  // The frame's page itself never scrolls: the keys' box does.
  expect(await frame.locator('html').evaluate((root) => root.scrollHeight <= root.clientHeight)).toBe(true)
  const keys = frame.getByRole('region', { name: 'Your keys' })
  expect(await keys.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true)
  const done = frame.getByRole('button', { name: 'Done' })
  await expect(done).toBeInViewport({ ratio: 1 })
  const copySolana = frame.getByRole('button', { name: 'Copy Solana key' })
  await copySolana.scrollIntoViewIfNeeded()
  await expect(copySolana).toBeInViewport({ ratio: 1 })
  await expect(done).toBeInViewport({ ratio: 1 })
  await done.click()
  expect(await exported).toEqual({ ok: true, payload: {} })
})
