import type { Locator } from '@playwright/test'
import { expect, openModal, test } from '../support/fixtures'

// The behaviour these tests check: docs/behaviour.md#wallet-picker.

/** A wallet icon drawn in black on a transparent background, as some wallets announce theirs. */
const BLACK_ON_TRANSPARENT = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M8 8h16v16H8z" fill="#000"/></svg>',
)}`

/** Each icon's own background colour and its contrast with black (WCAG's formula), for every image shown. */
async function iconBackdrops(dialog: Locator): Promise<{ background: string; blackContrast: number }[]> {
  await expect(dialog.locator('img').first()).toBeVisible()
  return dialog.locator('img').evaluateAll((images) =>
    images.map((image) => {
      const background = getComputedStyle(image).backgroundColor
      const [r = 0, g = 0, b = 0, alpha = 1] = (background.match(/[\d.]+/g) ?? []).map(Number)
      const channel = (value: number) => {
        const c = value / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      }
      const luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
      // A see-through backdrop shows the dialog behind it: no contrast of its own.
      return { background, blackContrast: alpha < 1 ? 1 : (luminance + 0.05) / 0.05 }
    }),
  )
}

/** The icons of a view all sit on one opaque tile on which a black icon reads (3:1, WCAG 1.4.11). */
async function expectIconTiles(dialog: Locator, tile?: string): Promise<string> {
  const backdrops = await iconBackdrops(dialog)
  for (const { background, blackContrast } of backdrops) {
    expect(blackContrast, background).toBeGreaterThanOrEqual(3)
  }
  const colours = new Set(backdrops.map(({ background }) => background))
  expect([...colours]).toEqual([tile ?? [...colours][0]])
  return [...colours][0] as string
}

for (const colorScheme of ['dark', 'light'] as const) {
  test(`wallet icons sit on a neutral tile in the ${colorScheme} theme, so a black-on-transparent icon reads: Connect, All Wallets, connecting`, async ({
    page,
    installWallet,
  }) => {
    await page.emulateMedia({ colorScheme })
    const wallet = await installWallet({ icon: BLACK_ON_TRANSPARENT })
    await page.goto('/')
    const dialog = await openModal(page)
    await expect(dialog.getByRole('button', { name: 'Coinbase Wallet' })).toBeVisible()
    const tile = await expectIconTiles(dialog)

    await dialog.getByRole('button', { name: 'All Wallets' }).click()
    await expect(dialog.getByRole('grid', { name: 'All wallets' }).locator('img').first()).toBeVisible()
    await expectIconTiles(dialog, tile)

    await dialog.getByRole('button', { name: 'Back', exact: true }).click()
    const held = wallet.holdNext()
    await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
    await held.request
    await expect(dialog.getByText('Continue in Testkit Wallet')).toBeVisible()
    await expectIconTiles(dialog, tile)
    await held.reject()
  })
}
