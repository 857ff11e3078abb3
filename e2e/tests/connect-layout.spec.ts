import type { Locator, Page } from '@playwright/test'
import { animationsSettled } from '../support/animations'
import { expectAccessible } from '../support/axe'
import { expect, openModal, test } from '../support/fixtures'

// The Connect view's layout (docs/behaviour.md#wallet-picker, docs/behaviour.md#social): e-mail, the first social
// provider as a row and the others as tiles with their brand marks, the wallets; all of it within an 800 px
// screen, and nothing wider than a 320 px one.

/** The social providers in their default order (docs/behaviour.md#social): the first is the row, the rest tiles. */
const PROVIDERS = ['Google', 'X', 'Farcaster', 'Discord', 'Apple', 'GitHub', 'Facebook']

/** The Connect view's methods, top to bottom, by the landmark each one is. */
async function methodOrder(dialog: Locator): Promise<string[]> {
  const email = dialog.getByRole('textbox', { name: 'E-mail' })
  const social = dialog.getByRole('region', { name: 'Social login' })
  const wallets = dialog.getByRole('list', { name: 'Wallets' })
  await Promise.all([email, social, wallets].map((part) => expect(part).toBeVisible()))
  const tops = await Promise.all(
    [email, social, wallets].map(async (part) => (await part.boundingBox())?.y ?? Number.NaN),
  )
  return (['email', 'social', 'wallet'] as const)
    .map((method, index) => ({ method, top: tops[index] ?? Number.NaN }))
    .sort((a, b) => a.top - b.top)
    .map(({ method }) => method)
}

/** The Connect view once its wallets and social buttons are in (the directory answers after the first paint). */
async function openConnect(page: Page): Promise<Locator> {
  await page.goto('/')
  const dialog = await openModal(page)
  await expect(dialog.getByRole('button', { name: 'All Wallets' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'MetaMask' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Google', exact: true })).toBeVisible()
  return dialog
}

/**
 * How far the dialog's content runs past its box (0 when it needs no scrolling) and its height, once its views have
 * settled: a view sliding in runs a few pixels past the box until its animation ends (CI measured 3 px once).
 */
async function scrollOverflow(dialog: Locator) {
  await animationsSettled(dialog)
  return dialog.evaluate((node) => ({
    vertical: node.scrollHeight - node.clientHeight,
    horizontal: node.scrollWidth - node.clientWidth,
    height: node.getBoundingClientRect().height,
    bottom: node.getBoundingClientRect().bottom,
  }))
}

test('social providers: the first is a row named by its provider, the others a row of tiles, each named by its provider and marked with its brand (no letter glyph)', async ({
  page,
}) => {
  const dialog = await openConnect(page)
  const social = dialog.getByRole('region', { name: 'Social login' })
  const buttons = social.getByRole('button')
  await expect(buttons).toHaveCount(PROVIDERS.length)
  for (const [index, name] of PROVIDERS.entries()) await expect(buttons.nth(index)).toHaveAccessibleName(name)
  const tiles = social.getByRole('list', { name: 'More social logins' }).getByRole('button')
  await expect(tiles).toHaveCount(PROVIDERS.length - 1)
  for (const [index, name] of PROVIDERS.slice(1).entries()) {
    const tile = tiles.nth(index)
    await expect(tile).toHaveAccessibleName(name)
    await expect(tile).toHaveText('')
    await expect(tile.locator('svg path')).toHaveAttribute('d', /^M[\d.\s-]/)
  }
  const first = social.getByRole('button', { name: 'Google', exact: true })
  await expect(first).toHaveText('Google')
  await expect(first.locator('svg path')).toHaveAttribute('d', /^M[\d.\s-]/)
  // One row: every tile shares the first tile's top.
  const tops = await tiles.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().top))
  expect(new Set(tops).size).toBe(1)
})

test("methods' order: e-mail, social, wallet without a browser wallet; wallet, e-mail, social with one", async ({
  page,
  installWallet,
}) => {
  expect(await methodOrder(await openConnect(page))).toEqual(['email', 'social', 'wallet'])
  await page.keyboard.press('Escape')
  await installWallet()
  expect(await methodOrder(await openConnect(page))).toEqual(['wallet', 'email', 'social'])
})

test.describe('at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  for (const installed of [false, true]) {
    test(`the whole Connect view fits the screen without scrolling ${installed ? 'with' : 'without'} a browser wallet, and axe finds no violation`, async ({
      page,
      installWallet,
    }) => {
      if (installed) await installWallet()
      const dialog = await openConnect(page)
      if (installed) await expect(dialog.getByRole('button', { name: /^Testkit Wallet/ })).toBeVisible()
      const layout = await scrollOverflow(dialog)
      expect(layout.vertical).toBeLessThanOrEqual(0)
      expect(layout.height).toBeLessThanOrEqual(800)
      expect(layout.bottom).toBeLessThanOrEqual(800)
      for (const last of [
        dialog.getByRole('button', { name: 'All Wallets' }),
        dialog.getByRole('button', { name: 'Facebook' }),
        dialog.getByRole('button', { name: 'Continue' }),
      ])
        await expect(last).toBeInViewport({ ratio: 1 })
      await expectAccessible(page, 'Connect Wallet')
    })
  }
})

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true })

  test("nothing is wider than the screen: Continue, the tiles and the wallets' rows end inside the dialog", async ({
    page,
    installWallet,
  }) => {
    await installWallet()
    const dialog = await openConnect(page)
    expect((await scrollOverflow(dialog)).horizontal).toBeLessThanOrEqual(0)
    const box = await dialog.boundingBox()
    expect(box?.width).toBeLessThanOrEqual(320)
    const right = (box?.x ?? 0) + (box?.width ?? 0)
    const edges = await dialog.locator('button, input').evaluateAll((nodes) =>
      nodes.map((node) => ({
        name: node.getAttribute('aria-label') ?? node.textContent ?? '',
        left: node.getBoundingClientRect().left,
        right: node.getBoundingClientRect().right,
      })),
    )
    expect(edges.length).toBeGreaterThan(10)
    expect(edges.map((edge) => edge.name)).toContain('Continue')
    expect(edges.filter((edge) => edge.right > right || edge.left < (box?.x ?? 0))).toEqual([])
  })
})
