import { devKeySeed } from '@allaccess/solana-chain'
import { installSolanaWallet } from '@allaccess/testkit/solana'
import type { Page } from '@playwright/test'
import type { ServedApp } from '../../scripts/site'
import { expectAccessible } from '../support/axe'
import { connect, expect, modal, pairingLink, test } from '../support/fixtures'
import { E2E_SOLANA_RPC_URL } from '../support/ports'
import {
  addEmailWallet,
  evmRows,
  headerButton,
  openWallets,
  rowProblems,
  short,
  shortSolana,
  shownBalance,
  shownSolanaBalance,
} from '../support/profileWallets'
import { startSolanaSite } from '../support/solanaSite'

// The behaviour these tests check: docs/behaviour.md#profile-wallets (several wallets at once, spec §2, §4, §6).

test('an extension and the e-mail wallet at once: both listed, one made current, one disconnected, the other kept', async ({
  page,
  wallet,
}) => {
  test.setTimeout(120_000)
  await page.goto('/')
  await connect(page)
  await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wallet.address)))

  // Account → "Connected with Testkit Wallet. Switch wallet" → Wallets → Add another wallet → the e-mail login.
  let dialog = await openWallets(page, 'Connected with Testkit Wallet. Switch wallet')
  await expect(evmRows(dialog)).toHaveCount(1)
  await addEmailWallet(page, dialog)

  // The e-mail wallet is current now; the extension is still connected, listed first (it connected first).
  const emailLabel = (await headerButton(page).textContent()) ?? ''
  expect(emailLabel).not.toContain(short(wallet.address))
  dialog = await openWallets(page, 'Switch wallet')
  const rows = evmRows(dialog)
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('Testkit Wallet')
  await expect(rows.nth(0)).toContainText(short(wallet.address))
  // Each row's own balance, read from the chain for its account (spec §2).
  await expect(rows.nth(0)).toContainText(await shownBalance(wallet.address))
  await expect(rows.nth(1)).toContainText('E-mail')
  await expect(rows.nth(1)).toContainText(/\d ETH/)
  await expect(rows.nth(1).locator('[aria-current="true"]')).toContainText('Current')
  await expectAccessible(page, 'Wallets')

  // Made current without a new login: the page's account follows at once.
  await dialog.getByRole('button', { name: /^Switch to Testkit Wallet/ }).click()
  await expect(rows.nth(0).locator('[aria-current="true"]')).toContainText('Current')
  await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wallet.address)))

  // The e-mail wallet disconnected alone: the extension stays current, the view stays open.
  await dialog.getByRole('button', { name: 'Disconnect E-mail' }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows.nth(0)).toContainText('Testkit Wallet')
  await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wallet.address)))

  // A reload keeps the one left.
  await page.reload()
  await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wallet.address)))
})

test('two extensions, in the order they connected, across a reload; Disconnect all ends both', async ({
  page,
  wallet,
  installWallet,
}) => {
  const second = await installWallet({ name: 'Second Wallet', rdns: 'dev.allaccess.second' })
  await page.goto('/')
  await connect(page)
  let dialog = await openWallets(page, 'Connected with Testkit Wallet. Switch wallet')
  await dialog.getByRole('button', { name: 'Add another wallet' }).click()
  await dialog.getByRole('button', { name: 'Second Wallet' }).click()
  await expect(dialog).toBeHidden()
  await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(second.address)))

  await page.reload()
  await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(second.address)))
  dialog = await openWallets(page, 'Connected with Second Wallet. Switch wallet')
  const rows = evmRows(dialog)
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText(short(wallet.address))
  await expect(rows.nth(1)).toContainText(short(second.address))
  await expect(rows.nth(1).locator('[aria-current="true"]')).toBeVisible()

  // Picking the open one again from Connect switches to it: no new login, both still open.
  await dialog.getByRole('button', { name: 'Add another wallet' }).click()
  await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
  await expect(dialog).toBeHidden()
  await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wallet.address)))

  dialog = await openWallets(page, 'Connected with Testkit Wallet. Switch wallet')
  await expect(evmRows(dialog)).toHaveCount(2)
  await dialog.getByRole('button', { name: 'Disconnect all' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
})

test("with multi-wallet off for the project a second wallet gets 'Multi-Wallet Not Enabled' and the first stays", async ({
  page,
  wallet,
  installWallet,
}) => {
  await installWallet({ name: 'Second Wallet', rdns: 'dev.allaccess.second' })
  // The project's remote features, multi_wallet off (the local project turns it on).
  await page.route(/\/appkit\/v1\/config\?/, async (route) => {
    const response = await route.fetch()
    const config = (await response.json()) as { features: { id: string; isEnabled: boolean }[] }
    for (const feature of config.features) if (feature.id === 'multi_wallet') feature.isEnabled = false
    await route.fulfill({ response, json: config })
  })
  await page.goto('/')
  await connect(page)
  const dialog = await openWallets(page, 'Connected with Testkit Wallet. Switch wallet')
  await dialog.getByRole('button', { name: 'Add another wallet' }).click()
  await dialog.getByRole('button', { name: 'Second Wallet' }).click()
  await expect(page.getByText('Multi-Wallet Not Enabled')).toBeVisible()
  await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wallet.address)))
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeHidden()
  const wallets = await openWallets(page, 'Connected with Testkit Wallet. Switch wallet')
  await expect(evmRows(wallets)).toHaveCount(1)
})

test.describe('the Wallets view, in the light and dark themes', () => {
  test(`has no axe violations (light and dark)`, async ({ page, installWallet }) => {
    await installWallet()
    await installWallet({ name: 'Second Wallet', rdns: 'dev.allaccess.second' })
    await page.goto('/')
    await connect(page)
    let dialog = await openWallets(page, 'Connected with Testkit Wallet. Switch wallet')
    await dialog.getByRole('button', { name: 'Add another wallet' }).click()
    await dialog.getByRole('button', { name: 'Second Wallet' }).click()
    await expect(dialog).toBeHidden()
    dialog = await openWallets(page, 'Connected with Second Wallet. Switch wallet')
    // Each row's balance read, and the row still holds its parts side by side in 360 px.
    await expect(evmRows(dialog).nth(1)).toContainText(/\d ETH/)
    expect(await rowProblems(dialog)).toEqual([])
    await expectAccessible(page, 'Wallets')
  })
})

// A Solana Wallet Standard wallet beside an EVM extension: the site built with the local Solana chain, as
// `SITE_SOLANA=on npm start` builds it (its own build, for this file). Its tests may run in both workers at once,
// each running this hook: each builds into a folder of its own (one emptied under the other's server loses pages).
test.describe('an EVM and a Solana wallet at once', () => {
  let site: ServedApp
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the hook's fixtures from this pattern
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(240_000)
    const dist =
      process.env.E2E_MULTI_SOLANA_SITE_DIST ??
      new URL('../../apps/site/dist-e2e-multi-solana', import.meta.url).pathname
    site = await startSolanaSite(`${dist}/${testInfo.parallelIndex}`)
  })
  test.afterAll(async () => {
    await site?.close()
  })

  /** The site with the extension connected, then a Solana wallet (dev key `seed`) added from the Wallets view. */
  async function extensionThenSolana(page: Page, seed: number) {
    const solana = await installSolanaWallet(page, {
      secretKey: devKeySeed(seed),
      rpcUrl: E2E_SOLANA_RPC_URL,
    })
    await page.goto(site.url)
    await connect(page)
    const dialog = await openWallets(page, 'Connected with Testkit Wallet. Switch wallet')
    await dialog.getByRole('button', { name: 'Add another wallet' }).click()
    await dialog.getByRole('button', { name: /Testkit Solana Wallet/ }).click()
    await expect(dialog).toBeHidden()
    return solana
  }

  test('both listed by namespace; the EVM one made current; the Solana one disconnected alone', async ({
    page,
    wallet,
  }) => {
    const solana = await extensionThenSolana(page, 3)
    const solanaShort = shortSolana(solana.address)
    // Another namespace: connected beside the first (multi-wallet or not), and the active one now.
    await expect(page.getByRole('banner').getByRole('button', { name: solanaShort })).toBeVisible()

    const dialog = await openWallets(page, 'Connected with Testkit Solana Wallet. Switch wallet')
    await expect(evmRows(dialog)).toHaveCount(1)
    const solanaRows = dialog.getByRole('region', { name: 'Solana' }).getByRole('listitem')
    await expect(solanaRows).toHaveCount(1)
    await expect(solanaRows.nth(0).locator('[aria-current="true"]')).toContainText(solanaShort)
    await expect(solanaRows.nth(0)).toContainText(
      await shownSolanaBalance(E2E_SOLANA_RPC_URL, solana.address),
    )
    await expect(evmRows(dialog).nth(0)).toContainText(await shownBalance(wallet.address))
    expect(await rowProblems(dialog)).toEqual([])
    await expectAccessible(page, 'Wallets')

    await dialog.getByRole('button', { name: /^Switch to Testkit Wallet/ }).click()
    await expect(evmRows(dialog).nth(0).locator('[aria-current="true"]')).toBeVisible()
    await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wallet.address)))

    await dialog.getByRole('button', { name: 'Disconnect Testkit Solana Wallet' }).click()
    await expect(solanaRows).toHaveCount(0)
    await expect(evmRows(dialog)).toHaveCount(1)
    await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wallet.address)))
  })

  test('four wallets at once — extension, Solana wallet, WalletConnect and e-mail: switched, one disconnected, the others kept and restored in order on reload', async ({
    page,
    wallet,
    wcWallet,
  }) => {
    test.setTimeout(180_000)
    // Each added from the Wallets view; none drops another.
    const solana = await extensionThenSolana(page, 5)
    const solanaShort = shortSolana(solana.address)
    let dialog = await openWallets(page, 'Connected with Testkit Solana Wallet. Switch wallet')
    await dialog.getByRole('button', { name: 'Add another wallet' }).click()
    await dialog
      .getByRole('list', { name: 'Wallets' })
      .getByRole('button', { name: /WalletConnect/ })
      .first()
      .click()
    await wcWallet.pair(await pairingLink(dialog))
    await expect(dialog).toBeHidden()
    await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wcWallet.address)))
    dialog = await openWallets(page, /^Connected with .*\. Switch wallet$/)
    const email = await addEmailWallet(page, dialog)

    // Listed by namespace in the order they connected; the e-mail wallet has an account in each.
    dialog = await openWallets(page, /Switch wallet$/)
    const solanaRows = dialog.getByRole('region', { name: 'Solana' }).getByRole('listitem')
    await expect(evmRows(dialog)).toHaveCount(3)
    await expect(evmRows(dialog).nth(0)).toContainText(short(wallet.address))
    await expect(evmRows(dialog).nth(1)).toContainText(short(wcWallet.address))
    await expect(evmRows(dialog).nth(2)).toContainText('E-mail')
    await expect(solanaRows).toHaveCount(2)
    await expect(solanaRows.nth(0)).toContainText(solanaShort)
    // Its account by its whole address (the row's text gains the balance whenever that arrives).
    const emailSolana = solanaRows.nth(1).locator('.profile-wallet-address')
    const emailSolanaAddress = (await emailSolana.getAttribute('title')) ?? ''
    expect(emailSolanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(await rowProblems(dialog)).toEqual([])

    // The extension made current: the page follows at once, no new login.
    await dialog.getByRole('button', { name: /^Switch to Testkit Wallet/ }).click()
    await expect(evmRows(dialog).nth(0).locator('[aria-current="true"]')).toBeVisible()
    await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wallet.address)))

    // WalletConnect disconnected alone: its session ends at the wallet, the three others stay.
    await evmRows(dialog)
      .nth(1)
      .getByRole('button', { name: /^Disconnect / })
      .click()
    await expect(evmRows(dialog)).toHaveCount(2)
    await expect.poll(() => wcWallet.sessions.length).toBe(0)
    await expect(solanaRows).toHaveCount(2)
    await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wallet.address)))

    // A reload restores all three in order, the extension current, and the e-mail wallet's Solana account
    // though the e-mail wallet is not the current EVM one.
    await page.keyboard.press('Escape')
    await page.reload()
    await expect(headerButton(page)).toHaveAccessibleName(new RegExp(short(wallet.address)))
    dialog = await openWallets(page, 'Connected with Testkit Wallet. Switch wallet')
    await expect(evmRows(dialog)).toHaveCount(2)
    await expect(evmRows(dialog).nth(0)).toContainText(short(wallet.address))
    await expect(evmRows(dialog).nth(0).locator('[aria-current="true"]')).toBeVisible()
    // The frame boots again before the e-mail wallet's rows come back: on a loaded machine that takes a while.
    await expect(evmRows(dialog).nth(1)).toContainText('E-mail', { timeout: 20_000 })
    await expect(solanaRows).toHaveCount(2, { timeout: 20_000 })
    // Its login was not taken for ended while the reconnects ran: what the modal keeps of it is still there.
    expect(await page.evaluate(() => localStorage.getItem('allaccess.email'))).toBe(email)
    await expect(solanaRows.nth(0)).toContainText(solanaShort)
    await expect(emailSolana).toHaveAttribute('title', emailSolanaAddress)

    // The e-mail wallet disconnected alone: its Solana account goes with its login; the others stay.
    await dialog.getByRole('button', { name: 'Disconnect E-mail' }).first().click()
    await expect(evmRows(dialog)).toHaveCount(1)
    await expect(solanaRows).toHaveCount(1)
    await expect(solanaRows.nth(0)).toContainText(solanaShort)
  })
})
