import { mkdtemp, rm, stat } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deployAll, startAnvil } from '@allaccess/chain'
import { startCloud } from '@allaccess/cloud'
import { CHROMIUM_ARGS, CHROMIUM_PATH, fundedKey, installInjectedWallet } from '@allaccess/testkit'
import { chromium, type Locator, type Page } from '@playwright/test'
import { build, preview } from 'vite'

/**
 * `npx tsx scripts/screenshots.ts`: light and dark screenshots of the modal's views, clipped to the dialog,
 * into docs/screenshots/. Starts its own anvil, cloud and site build on free ports and stops them after.
 */
const siteRoot = fileURLToPath(new URL('../apps/site', import.meta.url))
const outDir = fileURLToPath(new URL('../docs/screenshots', import.meta.url))
const stops: (() => Promise<unknown>)[] = []

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

async function startStack(): Promise<{ siteUrl: string; rpcUrl: string }> {
  const anvil = await startAnvil({ port: 0 })
  stops.push(anvil.stop)
  await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
  const dataDir = await mkdtemp(join(tmpdir(), 'aap-screenshots-'))
  stops.push(() => rm(dataDir, { recursive: true, force: true }))
  const cloud = await startCloud({
    port: await freePort(),
    host: '127.0.0.1',
    dataDir,
    env: { RPC_UPSTREAM_31337: anvil.rpcUrl, LOG_LEVEL: 'warn', CLOUD_WALLET_FIXTURE: '1000' },
  })
  stops.push(cloud.close)
  process.env.VITE_CLOUD_URL = cloud.url
  const siteDist = join(dataDir, 'site')
  await build({ root: siteRoot, logLevel: 'warn', build: { outDir: siteDist, emptyOutDir: true } })
  const port = await freePort()
  const server = await preview({
    root: siteRoot,
    logLevel: 'warn',
    build: { outDir: siteDist },
    preview: { host: '127.0.0.1', port, strictPort: true },
  })
  stops.unshift(() => new Promise<void>((resolve) => server.httpServer.close(() => resolve())))
  return { siteUrl: `http://127.0.0.1:${port}/`, rpcUrl: anvil.rpcUrl }
}

/** Waits for the view's entry animations, then writes the dialog's own box (no page around it). */
async function shoot(dialog: Locator, name: string): Promise<void> {
  await dialog.evaluate((element) =>
    Promise.allSettled(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  )
  const path = join(outDir, `${name}.png`)
  await dialog.screenshot({ path, animations: 'disabled' })
  console.log(`  ${path} (${((await stat(path)).size / 1024).toFixed(1)} KiB)`)
}

async function shootScheme(page: Page, scheme: 'light' | 'dark', siteUrl: string): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme })
  await page.goto(siteUrl)
  const opener = page.getByRole('banner').getByRole('button', { name: /Connect Wallet|0x/ })
  await opener.click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Testkit Wallet' }).waitFor()
  await shoot(dialog, `connect-${scheme}`)

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
  await dialog.getByText(/ETH$/).waitFor()
  await shoot(dialog, `account-${scheme}`)
  await dialog.getByRole('button', { name: 'Disconnect' }).click()
  await dialog.waitFor({ state: 'hidden' })
}

try {
  const { siteUrl, rpcUrl } = await startStack()
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
  stops.unshift(() => browser.close())
  console.log(`Writing screenshots to ${outDir}`)
  for (const scheme of ['light', 'dark'] as const) {
    // A fresh context per scheme: no "Recent" wallet carried over from the other run.
    const context = await browser.newContext({ viewport: { width: 480, height: 1000 }, deviceScaleFactor: 1 })
    const page = await context.newPage()
    await installInjectedWallet(page, {
      privateKey: await fundedKey(rpcUrl),
      chains: [{ id: 31337, rpcUrl, name: 'Local devnet' }],
    })
    await shootScheme(page, scheme, siteUrl)
    await context.close()
  }
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  for (const stop of stops) await stop().catch((error: unknown) => console.error(error))
}
