import { stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { devAccounts } from '@allaccess/chain'
import { ONRAMP_TEST_CARDS, ONRAMP_TEST_CONFIRMATION_CODE } from '@allaccess/protocol'
import { CHROMIUM_ARGS, CHROMIUM_PATH, fundedKey, installInjectedWallet } from '@allaccess/testkit'
import { waitForCode } from '@allaccess/testkit/mailbox'
import { chromium, type Locator, type Page } from '@playwright/test'
import { createWalletClient, type Hex, http, parseAbi, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { animationsSettled } from '../e2e/support/animations'
import { shootEmailWallet } from './emailScreenshots'
import { shootMintPage } from './mintPageScreenshots'
import { startStack } from './stack'

/**
 * `npx tsx scripts/screenshots.ts`: light and dark screenshots of the modal's views, clipped to the dialog,
 * of the mint page's states, the on-ramp's, the e-mail wallet's, social login's and ConnectingFarcaster's views, into docs/screenshots/. Starts its own anvil, cloud and site build on free
 * ports and stops them after.
 */
const outDir = fileURLToPath(new URL('../docs/screenshots', import.meta.url))
const stops: (() => Promise<unknown>)[] = []

/** Waits for the view's entry animations, then writes the dialog's own box (no page around it). */
async function shoot(dialog: Locator, name: string): Promise<void> {
  await animationsSettled(dialog)
  const path = join(outDir, `${name}.png`)
  await dialog.screenshot({ path, animations: 'disabled' })
  console.log(`  ${path} (${((await stat(path)).size / 1024).toFixed(1)} KiB)`)
}

async function shootScheme(
  page: Page,
  scheme: 'light' | 'dark',
  siteUrl: string,
  mailboxUrl: string,
): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme })
  await page.goto(siteUrl)
  const opener = page.getByRole('banner').getByRole('button', { name: /Connect Wallet|0x/ })
  await opener.click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Testkit Wallet' }).waitFor()
  await shoot(dialog, `connect-${scheme}`)

  await dialog
    .getByRole('region', { name: 'Social login' })
    .getByRole('button', { name: 'Farcaster', exact: true })
    .click()
  await dialog.getByRole('figure', { name: 'QR code to sign in with Farcaster' }).locator('svg').waitFor()
  await shoot(dialog, `connecting-farcaster-${scheme}`)
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()

  await shootSocial(page, dialog, scheme)

  await dialog.getByRole('button', { name: /^WalletConnect/ }).click()
  await dialog.locator('[data-pairing-uri^="wc:"]').waitFor()
  await shoot(dialog, `walletconnect-${scheme}`)
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()

  const allWallets = dialog.getByRole('button', { name: /^All Wallets/ })
  if (await allWallets.count()) {
    await allWallets.first().click()
    await dialog.getByRole('heading', { name: 'All Wallets' }).waitFor()
    await page.waitForTimeout(500) // directory images
    await shoot(dialog, `all-wallets-${scheme}`)
    await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  } else {
    console.log(`  (no All Wallets view in this build: all-wallets-${scheme}.png skipped)`)
  }

  await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
  await dialog.waitFor({ state: 'hidden' })
  await opener.click()
  await dialog.getByRole('list', { name: 'Tokens' }).getByText(/tUSD$/).waitFor()
  await shoot(dialog, `account-${scheme}`)
  await shootAccountViews(dialog, scheme)
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
  await shootSignIn(page, dialog, scheme)
  await shootWallets(page, dialog, scheme, mailboxUrl)
}

/** ProfileWallets with two wallets at once: the extension, then the e-mail wallet added beside it (now current). */
async function shootWallets(
  page: Page,
  dialog: Locator,
  scheme: 'light' | 'dark',
  mailboxUrl: string,
): Promise<void> {
  const openWallets = async () => {
    await page.getByRole('banner').getByRole('button', { name: /^0x/ }).click()
    await dialog.getByRole('button', { name: /Switch wallet$/ }).click()
    await dialog.getByRole('heading', { name: 'Wallets' }).waitFor()
  }
  await openWallets()
  await dialog.getByRole('button', { name: 'Add another wallet' }).click()
  const email = `wallets-${scheme}-${Date.now()}@example.com`
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email)
  const after = Date.now()
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByRole('heading', { name: 'Confirm E-mail' }).waitFor()
  await dialog
    .getByRole('textbox', { name: 'Digit 1 of 6' })
    .fill(await waitForCode(mailboxUrl, email, { after }))
  await dialog.waitFor({ state: 'hidden' })
  await openWallets()
  await dialog.getByRole('region', { name: 'EVM' }).getByRole('listitem').nth(1).waitFor()
  await shoot(dialog, `wallets-${scheme}`)
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
}

/** Sign-in with the wallet: SiwxSignMessage, then the holders' area as a visitor without a pass sees it. */
/** Social login: ConnectingSocial while the popup waits and once it closed. */
async function shootSocial(page: Page, dialog: Locator, scheme: 'light' | 'dark'): Promise<void> {
  const social = dialog.getByRole('region', { name: 'Social login' })
  const opened = page.waitForEvent('popup')
  await social.getByRole('button', { name: 'Google', exact: true }).click()
  const popup = await opened
  await popup.getByRole('textbox').first().waitFor()
  await shoot(dialog, `connecting-social-${scheme}`)
  await popup.close()
  await dialog.getByRole('alert').waitFor()
  await shoot(dialog, `connecting-social-closed-${scheme}`)
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
}

async function shootSignIn(page: Page, dialog: Locator, scheme: 'light' | 'dark'): Promise<void> {
  const holders = page.getByRole('region', { name: 'Holders’ area' })
  await holders.getByRole('button', { name: 'Sign in' }).click()
  await dialog.getByRole('button', { name: 'Sign', exact: true }).waitFor()
  await shoot(dialog, `siwx-sign-message-${scheme}`)
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await dialog.waitFor({ state: 'hidden' })
  await holders.getByRole('alert').waitFor()
  await shoot(holders, `holders-area-no-pass-${scheme}`)
  await holders.getByRole('button', { name: 'Sign out' }).click()
  await holders.getByRole('button', { name: 'Sign in' }).waitFor()
}

/** The account feature's views: the other tabs, the network list, Send and its preview, Receive; Swap and its review. */
async function shootAccountViews(dialog: Locator, scheme: 'light' | 'dark'): Promise<void> {
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  await dialog
    .getByRole('tabpanel', { name: 'Activity' })
    .getByText(/activity|Today|Yesterday|\d{4}/)
    .first()
    .waitFor()
  await shoot(dialog, `account-activity-${scheme}`)
  await dialog.getByRole('tab', { name: 'NFTs' }).click()
  await dialog.getByRole('tabpanel', { name: 'NFTs' }).getByText(/NFT|#/).first().waitFor()
  await shoot(dialog, `account-nfts-${scheme}`)
  await dialog.getByRole('tab', { name: 'Tokens' }).click()

  await dialog.getByRole('button', { name: /^Network: / }).click()
  await dialog.getByRole('heading', { name: 'Networks' }).waitFor()
  await shoot(dialog, `networks-${scheme}`)
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()

  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await dialog.getByRole('combobox', { name: 'Token' }).selectOption({ index: 2 })
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('5')
  await dialog.getByRole('textbox', { name: 'Receiver address' }).fill(devAccounts[2]?.address ?? '')
  await shoot(dialog, `send-${scheme}`)
  await dialog.getByRole('button', { name: 'Preview send' }).click()
  await dialog.getByRole('definition').last().getByText(/ETH$/).waitFor()
  await shoot(dialog, `send-preview-${scheme}`)
  await dialog.getByRole('button', { name: 'Edit' }).click()
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()

  await dialog.getByRole('button', { name: 'Receive' }).click()
  await dialog.getByRole('figure', { name: 'QR code of your address' }).waitFor()
  await shoot(dialog, `receive-${scheme}`)
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()

  await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  await dialog.getByRole('button', { name: /^Token to pay: ETH/ }).click()
  await dialog.getByRole('heading', { name: 'Token to Pay' }).waitFor()
  await dialog.getByRole('list', { name: 'Tokens' }).getByRole('listitem').first().waitFor()
  await shoot(dialog, `swap-tokens-${scheme}`)
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  await dialog.getByRole('textbox', { name: 'You pay' }).fill('0.5')
  await dialog.getByLabel('Quote').waitFor()
  await shoot(dialog, `swap-${scheme}`)
  // The slippage settings unfolded, with the visitor's own figure and what it risks; then back to 1 %.
  await dialog.getByText('Slippage settings').click()
  await dialog.getByRole('textbox', { name: 'Your own slippage tolerance (%)' }).fill('7')
  await dialog.getByText('With this much slippage').waitFor()
  await shoot(dialog, `swap-slippage-${scheme}`)
  await dialog.getByRole('button', { name: '1%', exact: true }).click()
  await dialog.getByText('Slippage settings').click()
  await dialog.getByRole('button', { name: 'Review swap' }).click()
  await dialog.getByRole('heading', { name: 'Review Swap' }).waitFor()
  await shoot(dialog, `swap-preview-${scheme}`)
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  await shootOnramp(dialog, scheme)
}

/** The on-ramp's views: the providers, a limit text, the quote for 50 USD, the checkout, the purchase done. */
async function shootOnramp(dialog: Locator, scheme: 'light' | 'dark'): Promise<void> {
  await dialog.getByRole('button', { name: 'Buy', exact: true }).click()
  await dialog.getByRole('list', { name: 'Providers' }).waitFor()
  await shoot(dialog, `onramp-providers-${scheme}`)
  await dialog.getByRole('button', { name: /^Sandbox Pay/ }).click()
  const amount = dialog.getByRole('textbox', { name: 'Amount (USD)' })
  await amount.fill('5')
  await dialog.getByRole('alert').waitFor()
  await shoot(dialog, `onramp-limit-${scheme}`)
  await amount.fill('50')
  await dialog.getByRole('definition').first().waitFor()
  await shoot(dialog, `onramp-quote-${scheme}`)
  // The sandbox provider's checkout in its window, the modal waiting, then the tokens delivered.
  const popup = dialog.page().waitForEvent('popup')
  await dialog.getByRole('button', { name: 'Buy with Sandbox Pay' }).click()
  const checkout = await popup
  await checkout.emulateMedia({ colorScheme: scheme })
  await checkout.getByRole('heading', { name: 'Pay with card' }).waitFor()
  await shoot(dialog, `onramp-pending-${scheme}`)
  await shoot(checkout.locator('body'), `onramp-checkout-${scheme}`)
  await checkout.getByRole('textbox', { name: 'Card number' }).fill(ONRAMP_TEST_CARDS.succeeds)
  await checkout.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34')
  await checkout.getByRole('textbox', { name: 'CVC' }).fill('123')
  await checkout.getByRole('button', { name: 'Pay' }).click()
  await checkout.getByRole('textbox', { name: 'Confirmation code' }).fill(ONRAMP_TEST_CONFIRMATION_CODE)
  await checkout.getByRole('button', { name: 'Confirm' }).click()
  await dialog.getByRole('heading', { name: 'Purchase complete' }).waitFor()
  await shoot(dialog, `onramp-done-${scheme}`)
}

/** 1,234.5 tUSD from TestUSD's open faucet, so Tokens and Send have a token to show. */
async function mintTestUsd(rpcUrl: string, privateKey: Hex, testUsd: Hex): Promise<void> {
  const account = privateKeyToAccount(privateKey)
  const wallet = createWalletClient({ account, transport: http(rpcUrl) })
  await wallet.writeContract({
    chain: null,
    address: testUsd,
    abi: parseAbi(['function mint(address to, uint256 amount)']),
    functionName: 'mint',
    args: [account.address, parseUnits('1234.5', 6)],
  })
}

try {
  const { siteUrl, rpcUrl, mailboxUrl, stop, deployment, endCodeWait } = await startStack({
    anvilPort: 0,
    cloudPort: 0,
    sitePort: 0,
    siteDist: join(tmpdir(), 'aap-screenshots-site'),
    cloudDataDir: 'memory://',
    cloudEnv: { CLOUD_WALLET_FIXTURE: '1000' },
  })
  stops.unshift(stop)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
  stops.unshift(() => browser.close())
  console.log(`Writing screenshots to ${outDir}`)
  for (const scheme of ['light', 'dark'] as const) {
    // A fresh context per scheme: no "Recent" wallet carried over from the other run.
    const context = await browser.newContext({ viewport: { width: 480, height: 1000 }, deviceScaleFactor: 1 })
    // Outside Playwright's runner nothing times out by default: a step that never comes fails the script instead.
    context.setDefaultTimeout(30_000)
    const page = await context.newPage()
    const privateKey = await fundedKey(rpcUrl)
    await mintTestUsd(rpcUrl, privateKey, deployment.addresses.testUsd)
    // A wallet that discovers its assets: Tokens lists ETH and tUSD before the cloud's indexer does.
    await installInjectedWallet(page, {
      privateKey,
      chains: [{ id: 31337, rpcUrl, name: 'Local devnet' }],
      assetDiscovery: { tokens: [deployment.addresses.testUsd] },
    })
    await shootScheme(page, scheme, siteUrl, mailboxUrl ?? '')
    await context.close()
    await shootMintPage(browser, { scheme, siteUrl, rpcUrl, outDir })
    await shootEmailWallet(browser, { scheme, siteUrl, mailboxUrl: mailboxUrl ?? '', outDir, endCodeWait })
  }
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  for (const stop of stops) await stop().catch((error: unknown) => console.error(error))
}
