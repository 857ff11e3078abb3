import { devKeySeed, LOCAL_SOLANA_CHAIN_ID } from '@allaccess/solana-chain'
import { createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import type { ServedApp } from '../../scripts/site'
import { expectAccessible } from '../support/axe'
import { expect, openModal, pairingLink, startWcWallet, test } from '../support/fixtures'
import { E2E_SOLANA_RPC_URL } from '../support/ports'
import {
  headerButton,
  openWallets,
  rowProblems,
  short,
  shortSolana,
  shownBalance,
  shownSolanaBalance,
  WALLETCONNECT_SWITCHER,
} from '../support/profileWallets'
import { previewSend, signInFromHoldersArea, startSolanaSite } from '../support/solanaSite'

// The behaviour these tests check: docs/behaviour.md#walletconnect and #profile-wallets (a WalletConnect session
// that spans eip155 and solana is one connection of type MULTI_CHAIN). The site is built as `SITE_SOLANA=on npm
// start` builds it, against the local Solana chain (LiteSVM) and the e2e cloud's relay.

let site: ServedApp

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the hook's fixtures from this pattern
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000)
  // Overridable so parallel sessions don't share one build.
  site = await startSolanaSite(
    process.env.E2E_WC_SOLANA_SITE_DIST ??
      new URL('../../apps/site/dist-e2e-wc-solana', import.meta.url).pathname,
  )
})
test.afterAll(async () => {
  await site?.close()
})

test('a QR pairing approved with eip155 and solana is one MULTI_CHAIN connection: both addresses, SOL read and sent over the session, signed in with its Solana account, restored on reload, disconnected once', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const wallet = await startWcWallet({
    solana: { secretKey: devKeySeed(4), rpcUrl: E2E_SOLANA_RPC_URL, chains: [LOCAL_SOLANA_CHAIN_ID] },
  })
  try {
    const solana = wallet.solana?.address ?? ''
    await page.goto(site.url)
    let dialog = await openModal(page)
    const walletConnect = dialog.getByRole('list', { name: 'Wallets' }).getByRole('button').first()
    await expect(walletConnect).toHaveText(/WalletConnect\s*QR code/)
    await walletConnect.click()
    await wallet.pair(await pairingLink(dialog))
    await expect(dialog).toBeHidden()
    await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wallet.address)))
    // The site asked for both namespaces, its Solana network among them; the wallet approved both.
    expect(wallet.sessions).toHaveLength(1)
    expect(wallet.sessions[0]?.namespaces.solana?.accounts).toEqual([`${LOCAL_SOLANA_CHAIN_ID}:${solana}`])

    // One connection, of type MULTI_CHAIN, with both addresses and each one's balance.
    dialog = await openWallets(page, WALLETCONNECT_SWITCHER)
    const rows = dialog.locator('.profile-wallet')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toHaveAttribute('data-connector-type', 'MULTI_CHAIN')
    await expect(dialog.getByRole('region', { name: 'Solana' })).toHaveCount(0)
    await expect(rows.first()).toContainText(`EVM: ${short(wallet.address)}`)
    await expect(rows.first()).toContainText(`Solana: ${shortSolana(solana)}`)
    await expect(rows.first()).toContainText(await shownBalance(wallet.address))
    await expect(rows.first()).toContainText(await shownSolanaBalance(E2E_SOLANA_RPC_URL, solana))
    expect(await rowProblems(dialog)).toEqual([])
    await expectAccessible(page, 'Wallets')

    // The network switched to the local Solana chain: the same connection's Solana account and its SOL.
    await dialog.getByRole('button', { name: 'Back' }).click()
    await dialog.getByRole('button', { name: /^Network: Local devnet/ }).click()
    await dialog.getByRole('button', { name: /Local Solana/ }).click()
    await expect(dialog.getByRole('heading', { name: 'Account' })).toBeVisible()
    await expect(dialog.getByText(shortSolana(solana))).toBeVisible()
    await expect(
      dialog.getByText(`Balance: ${await shownSolanaBalance(E2E_SOLANA_RPC_URL, solana)}`),
    ).toBeVisible()

    // A SOL send, signed over the same session (solana_signAndSendTransaction), reaches the receiver on chain.
    const receiver = (await generateKeyPairSigner()).address
    await previewSend(dialog, /^SOL — /, '1.25', receiver)
    await expect(dialog.getByRole('heading', { name: 'Review Send' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(dialog.getByRole('status').filter({ hasText: 'Sent 1.25 SOL' })).toBeVisible()
    const rpc = createSolanaRpc(E2E_SOLANA_RPC_URL)
    expect((await rpc.getBalance(receiver).send()).value).toBe(1_250_000_000n)
    expect(wallet.solana?.requests.map((request) => request.method)).toContain('signAndSendTransaction')
    expect(wallet.requests.filter((request) => request.method === 'eth_sendTransaction')).toHaveLength(0)
    await page.keyboard.press('Escape')

    // Sign-in follows the Solana part too: CAIP-122's Solana text, signed over the session (solana_signMessage).
    const message = await signInFromHoldersArea(page)
    expect(message.split('\n').slice(0, 2)).toEqual([
      `${new URL(site.url).host} wants you to sign in with your Solana account:`,
      solana,
    ])
    expect(wallet.solana?.requests.map((request) => request.method)).toContain('signMessage')

    // A reload restores the one connection, both addresses in it, without a new pairing.
    await page.reload()
    // Either namespace's account may be the header's, by which family's reconnect lands first.
    await expect(
      page.getByRole('banner').getByRole('button', { name: /^(0x|[1-9A-HJ-NP-Za-km-z]{4}…)/ }),
    ).toBeVisible()
    dialog = await openWallets(page, WALLETCONNECT_SWITCHER)
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toHaveAttribute('data-connector-type', 'MULTI_CHAIN')
    await expect(rows.first()).toContainText(`EVM: ${short(wallet.address)}`)
    await expect(rows.first()).toContainText(`Solana: ${shortSolana(solana)}`)
    expect(wallet.sessions).toHaveLength(1)

    // Disconnected once: the session ends at the wallet, and both namespaces are left with nothing.
    await dialog.getByRole('button', { name: 'Disconnect WalletConnect' }).click()
    await expect(dialog).toBeHidden()
    await expect.poll(() => wallet.sessions.length).toBe(0)
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  } finally {
    await wallet.close()
  }
})
