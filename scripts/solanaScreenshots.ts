import { stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { devKeySeed } from '@allaccess/solana-chain'
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort } from '@allaccess/testkit'
import { installSolanaWallet } from '@allaccess/testkit/solana'
import { type Browser, chromium, type Locator, type Page } from '@playwright/test'
import { generateKeyPairSigner } from '@solana/kit'
import { animationsSettled } from '../e2e/support/animations'
import { startSite } from './site'
import { startStack } from './stack'

/**
 * `npx tsx scripts/solanaScreenshots.ts`: light and dark screenshots of the views added with Solana and the
 * cloud-down Connect view — Account on Solana (SOL and tUSD), its Activity tab, Send's review with the fee, and
 * Connect with the cloud unreachable — into docs/screenshots/. Starts its own stack (with the local Solana chain)
 * and a Solana build of the site (SITE_SOLANA=on) on free ports, and stops them after.
 */
const outDir = fileURLToPath(new URL('../docs/screenshots', import.meta.url))
const stops: (() => Promise<unknown>)[] = []

async function shoot(dialog: Locator, name: string): Promise<void> {
  await animationsSettled(dialog)
  const path = join(outDir, `${name}.png`)
  await dialog.screenshot({ path, animations: 'disabled' })
  console.log(`  ${path} (${((await stat(path)).size / 1024).toFixed(1)} KiB)`)
}

async function openModal(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button').first().click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  return dialog
}

async function newPage(browser: Browser, scheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 480, height: 1000 }, deviceScaleFactor: 1 })
  context.setDefaultTimeout(30_000)
  stops.unshift(() => context.close())
  const page = await context.newPage()
  await page.emulateMedia({ colorScheme: scheme })
  return page
}

async function shootSolana(browser: Browser, scheme: 'light' | 'dark', siteUrl: string, rpcUrl: string) {
  const page = await newPage(browser, scheme)
  await installSolanaWallet(page, { secretKey: devKeySeed(3), rpcUrl })
  await page.goto(siteUrl)
  const connect = await openModal(page)
  await connect.getByRole('button', { name: /Testkit Solana Wallet/ }).click()
  await connect.waitFor({ state: 'hidden' })
  const dialog = await openModal(page)
  await dialog.getByRole('list', { name: 'Tokens' }).getByText(/tUSD/).first().waitFor()
  await shoot(dialog, `solana-account-${scheme}`)
  const tabs = dialog.getByRole('tablist', { name: 'Account' })
  await tabs.getByRole('tab', { name: 'Activity' }).click()
  await dialog.getByRole('tabpanel', { name: 'Activity' }).waitFor()
  await shoot(dialog, `solana-activity-${scheme}`)
  await tabs.getByRole('tab', { name: 'Tokens' }).click()
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  const choice = dialog.getByRole('combobox', { name: 'Token' })
  const label = (await choice.locator('option').allTextContents()).find((text) => text.startsWith('tUSD'))
  if (label) await choice.selectOption({ label })
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('25')
  await dialog
    .getByRole('textbox', { name: 'Receiver address' })
    .fill((await generateKeyPairSigner()).address)
  await dialog.getByRole('button', { name: 'Preview send' }).click()
  await dialog.getByRole('heading', { name: 'Review Send' }).waitFor()
  await shoot(dialog, `solana-send-review-${scheme}`)
}

async function shootCloudDown(browser: Browser, scheme: 'light' | 'dark', siteUrl: string) {
  const page = await newPage(browser, scheme)
  await page.goto(siteUrl)
  const dialog = await openModal(page)
  await dialog.getByText(/unavailable: the cloud can’t be reached/).waitFor()
  await shoot(dialog, `connect-cloud-down-${scheme}`)
}

try {
  const stack = await startStack({
    anvilPort: 0,
    cloudPort: 0,
    sitePort: 0,
    solanaPort: 0,
    withFrame: false,
    siteDist: join(tmpdir(), 'aap-screenshots-site'),
    cloudDataDir: 'memory://',
  })
  stops.unshift(stack.stop)
  if (!stack.solana) throw new Error('the stack started no Solana chain')
  const solanaSite = await startSite({
    port: await freePort(),
    outDir: join(tmpdir(), 'aap-screenshots-solana-site'),
    cloudUrl: stack.cloudUrl,
    chainRpcUrl: stack.rpcUrl,
    frameUrl: stack.frameUrl,
    solanaRpcUrl: stack.solana.url,
  })
  stops.unshift(solanaSite.close)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
  stops.unshift(() => browser.close())
  console.log(`Writing screenshots to ${outDir}`)
  for (const scheme of ['light', 'dark'] as const)
    await shootSolana(browser, scheme, solanaSite.url, stack.solana.url)
  await stack.stopCloud()
  for (const scheme of ['light', 'dark'] as const) await shootCloudDown(browser, scheme, stack.siteUrl)
  await stack.resumeCloud()
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  for (const stop of stops) await stop().catch((error: unknown) => console.error(error))
}
