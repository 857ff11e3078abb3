import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { buildOutsideDapp, type OutsideDapp, SSR_DAPP_DEPENDENCIES } from '../../scripts/outsideDapps'
import { reactPeers } from '../../scripts/reactPeers'
import { FIRST_LOAD_BUDGET_BYTES, firstLoadInBrowser } from '../support/firstLoad'
import { expect, modal, test } from '../support/fixtures'
import { E2E_RPC_URL } from '../support/ports'

// The behaviour these tests check: docs/packages.md#server-rendering — a dapp outside the repository on React
// Router's framework mode and React 19, built from the packed tarballs: the server renders the disconnected
// state, the page hydrates without a mismatch, and a stored connection comes back after hydration without a flash.

// One build for the file: its tests run in one worker, in order.
test.describe.configure({ mode: 'serial' })

let dapp: OutsideDapp
let server: { url: string; close(): void }
/** The same page without the modal: the framework's own first load. */
let baseline: { url: string; close(): void }

test.beforeAll(async () => {
  test.setTimeout(240_000)
  dapp = buildOutsideDapp('react-router', { rpcUrl: E2E_RPC_URL })
  server = await dapp.serve()
  baseline = await dapp.serve({ baseline: true })
})

test.afterAll(() => {
  server?.close()
  baseline?.close()
  dapp?.remove()
})

/** React's production build reports a mismatch by number: https://react.dev/errors/418 ("Hydration failed…"). */
const HYDRATION_MISMATCH = /Minified React error #418\b|hydrat/i

/**
 * What the page reports as wrong: console errors and uncaught errors (React reports a mismatch so). Warnings are
 * the modal's own notes (without a cloud it has no token balances), not failures.
 */
function problemsOf(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  return problems
}

/** Every text the connect button shows, from the first parse of the page on (the server's included). */
const recordLabels = () => {
  const labels: string[] = []
  Object.assign(window, { connectLabels: labels })
  const record = () => {
    const text = document.querySelector('.aap-connect-label')?.textContent ?? null
    if (text !== null && labels.at(-1) !== text) labels.push(text)
  }
  new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true })
}

test('the server renders the disconnected state; the page hydrates without a mismatch, connects the testkit wallet, and restores it after a reload without a flash', async ({
  page,
  wallet,
  request,
}) => {
  expect(JSON.parse(readFileSync(join(dapp.folder, 'node_modules/react/package.json'), 'utf8')).version).toBe(
    SSR_DAPP_DEPENDENCIES.react,
  )
  // React 19, a major of the modal's peer range (vite-dapp.spec.ts runs 18 on the same tarball).
  const peers = reactPeers(dapp.folder)
  expect([peers.react, peers.reactDom]).toEqual([19, 19])
  expect(peers.admitted.react).toContain(19)
  expect(peers.admitted.reactDom).toContain(19)
  const html = await (await request.get(server.url)).text()
  expect(html).toContain('data-status="disconnected"')
  expect(html).toContain('<span class="aap-connect-label">Connect Wallet</span>')

  const problems = problemsOf(page)
  await page.addInitScript(recordLabels)
  await page.goto(server.url)
  const button = page.getByRole('banner').getByRole('button')
  const dialog = modal(page)
  // A click before hydration does nothing: click until the hydrated button opens the modal.
  await expect(async () => {
    await button.click()
    await expect(dialog).toBeVisible({ timeout: 1_000 })
  }).toPass()
  await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
  await expect(dialog).toBeHidden()
  const short = `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`
  await expect(button).toHaveText(short)

  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(button).toHaveText(short)
  // The server's "Connect Wallet", then the stored account: never "Connecting…", never "Connect Wallet" again.
  expect(await page.evaluate(() => (window as unknown as { connectLabels: string[] }).connectLabels)).toEqual(
    ['Connect Wallet', short],
  )
  // Nothing at all is reported, but the favicon the dapp has none of.
  expect(problems.filter((text) => !/^Failed to load resource: .* 404/.test(text))).toEqual([])
})

test("the modal's share of the page's first load is within 90 KiB gzip: the page's scripts less the same page's without the modal", async ({
  browser,
}) => {
  expect(FIRST_LOAD_BUDGET_BYTES).toBe(92_160)
  // Each page cold, in its own context (no cache shared between them).
  const measure = async (url: string) => {
    const context = await browser.newContext()
    try {
      return await firstLoadInBrowser(await context.newPage(), url)
    } finally {
      await context.close()
    }
  }
  const withModal = await measure(server.url)
  const framework = await measure(baseline.url)
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB gzip`
  test.info().annotations.push({
    type: 'first load',
    description: `${kib(withModal.bytes)} in ${withModal.files} files; without the modal ${kib(framework.bytes)} in ${framework.files}`,
  })
  // The baseline is React Router's and React's client: had it lost them, the difference would count nothing.
  expect(framework.bytes).toBeGreaterThan(60 * 1024)
  expect(withModal.bytes - framework.bytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES)
})

test('a page that renders otherwise in the browser is reported as a mismatch (what the test above looks for)', async ({
  page,
}) => {
  const problems = problemsOf(page)
  await page.goto(`${server.url}/mismatch`)
  await expect(page.getByText('Rendered in the browser')).toBeVisible()
  await expect.poll(() => problems.some((text) => HYDRATION_MISMATCH.test(text))).toBe(true)
})
