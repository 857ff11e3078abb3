import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { fundedKey, installInjectedWallet } from '@allaccess/testkit'
import type { Browser, Page } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'

type Scheme = 'light' | 'dark'

async function shoot(page: Page, outDir: string, name: string): Promise<void> {
  const path = join(outDir, `${name}.png`)
  await page.screenshot({ path, animations: 'disabled' })
  console.log(`  ${path} (${((await stat(path)).size / 1024).toFixed(1)} KiB)`)
}

/** A page in `scheme` with a scripted wallet holding `privateKey`, on the site. */
async function openSite(
  browser: Browser,
  scheme: Scheme,
  siteUrl: string,
  rpcUrl: string,
  privateKey: `0x${string}`,
) {
  const context = await browser.newContext({
    viewport: { width: 960, height: 600 },
    deviceScaleFactor: 1,
    colorScheme: scheme,
  })
  // Outside Playwright's runner nothing times out by default: a step that never comes fails the script instead.
  context.setDefaultTimeout(30_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const page = await context.newPage()
  const wallet = await installInjectedWallet(page, {
    privateKey,
    chains: [{ id: 31337, rpcUrl, name: 'Local devnet' }],
  })
  await page.goto(siteUrl)
  return { context, page, wallet }
}

async function connect(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
  await dialog.waitFor({ state: 'hidden' })
}

/**
 * The mint page's states, the whole viewport: disconnected, ready to mint, a rejected mint, minted (with the
 * hash copied), and not enough ETH (the devnet's advice), as `mint-<state>-<scheme>.png`.
 */
export async function shootMintPage(
  browser: Browser,
  { scheme, siteUrl, rpcUrl, outDir }: { scheme: Scheme; siteUrl: string; rpcUrl: string; outDir: string },
): Promise<void> {
  const funded = await openSite(browser, scheme, siteUrl, rpcUrl, await fundedKey(rpcUrl))
  const { page, wallet } = funded
  await page.getByRole('button', { name: 'Connect wallet to mint' }).waitFor()
  await page.getByRole('img', { name: /^All-Access Pass #\d+$/ }).waitFor()
  await shoot(page, outDir, `mint-disconnected-${scheme}`)
  await connect(page)
  const mint = page.getByRole('button', { name: /^Mint for/ })
  await mint.waitFor()
  await shoot(page, outDir, `mint-ready-${scheme}`)
  wallet.rejectNext('eth_sendTransaction')
  await mint.click()
  await page.getByRole('alert').waitFor()
  await shoot(page, outDir, `mint-rejected-${scheme}`)
  // Try again sends the mint again (it does not only reset the form).
  await page.getByRole('button', { name: 'Try again' }).click()
  await page.getByText('Minted! Welcome aboard.').waitFor()
  await page.getByRole('button', { name: 'Copy transaction hash' }).click()
  await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor()
  await page.getByRole('img', { name: /^All-Access Pass #\d+$/ }).waitFor()
  await shoot(page, outDir, `mint-minted-${scheme}`)
  await funded.context.close()

  const empty = await openSite(browser, scheme, siteUrl, rpcUrl, generatePrivateKey())
  await connect(empty.page)
  await empty.page.getByRole('button', { name: 'Copy the cast command' }).waitFor()
  await shoot(empty.page, outDir, `mint-not-enough-eth-${scheme}`)
  await empty.context.close()
}
