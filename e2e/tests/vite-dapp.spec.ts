import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildOutsideDapp, type OutsideDapp } from '../../scripts/outsideDapps'
import { reactPeers } from '../../scripts/reactPeers'
import { FIRST_LOAD_BUDGET_BYTES } from '../support/firstLoad'
import { expect, modal, test } from '../support/fixtures'
import { E2E_RPC_URL } from '../support/ports'

// The behaviour these tests check: docs/packages.md#outside-dapps — a single-page dapp outside the repository on
// Vite with the modal's Vite plugins, built from the packed tarballs: its first load within the budget, the modal
// shown, the testkit wallet connected.

test.describe.configure({ mode: 'serial' })

let dapp: OutsideDapp
let server: { url: string; close(): void }

test.beforeAll(async () => {
  test.setTimeout(240_000)
  dapp = buildOutsideDapp('vite', { rpcUrl: E2E_RPC_URL })
  server = await dapp.serve()
})

test.afterAll(() => {
  server?.close()
  dapp?.remove()
})

test("runs React 18, and the modal's tarball admits React 18 and 19 as peers (server-rendering.spec.ts runs 19)", () => {
  expect(reactPeers(dapp.folder)).toEqual({
    react: 18,
    reactDom: 18,
    admitted: { react: [18, 19], reactDom: [18, 19] },
  })
})

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>

test('its first load (the entry, what it imports, and the modal UI prefetched at idle) is within 90 KiB gzip', () => {
  const dist = join(dapp.folder, 'dist')
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest
  const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
    for (const key of keys)
      if (!seen.has(key)) {
        seen.add(key)
        closure(manifest[key]?.imports ?? [], seen)
      }
    return seen
  }
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  const modalUi = Object.keys(manifest).filter((key) => key.endsWith('/ui/shell/mountModal.js'))
  expect([entry.length, modalUi.length]).toEqual([1, 1])
  const bytes = [...closure([...entry, ...modalUi])].reduce(
    (sum, key) => sum + gzipSync(readFileSync(join(dist, manifest[key]?.file ?? '')), { level: 9 }).length,
    0,
  )
  test.info().annotations.push({ type: 'first load', description: `${(bytes / 1024).toFixed(1)} KiB gzip` })
  expect(bytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES)
})

test('shows the modal, connects the testkit wallet, and a reload shows the account again', async ({
  page,
  wallet,
}) => {
  await page.goto(server.url)
  const button = page.getByRole('banner').getByRole('button')
  await expect(button).toHaveText('Connect Wallet')
  await button.click()
  const dialog = modal(page)
  await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
  await expect(dialog).toBeHidden()
  const short = `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`
  await expect(button).toHaveText(short)
  await page.reload()
  await expect(button).toHaveText(short)
})
