import type { InjectedWallet, InjectedWalletOptions } from '@allaccess/testkit'
import type { Locator, Page } from '@playwright/test'
import { accountShown, connect, expect, MAINNET_ID, openModal, pairingLink, test } from '../support/fixtures'

// The behaviour these tests check: docs/behaviour.md#views.

/** More Tab presses than any view has stops: a cycle longer than this means focus got lost. */
const MAX_STOPS = 40

type Reach = (context: {
  page: Page
  installWallet: (options?: Partial<InjectedWalletOptions>) => Promise<InjectedWallet>
}) => Promise<Locator>

/** A wallet on Ethereum mainnet, which the site does not configure: connecting shows UnsupportedChain. */
async function onUnsupportedChain(
  page: Page,
  installWallet: (options?: Partial<InjectedWalletOptions>) => Promise<InjectedWallet>,
) {
  const wallet = await installWallet({ initialChainId: MAINNET_ID })
  await page.goto('/')
  const dialog = await openModal(page)
  await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
  await expect(dialog.getByRole('heading', { name: 'Switch Network' })).toBeVisible()
  // The view fills in its networks as they arrive: a walk of its controls starts once they are there.
  await expect(dialog.getByRole('button', { name: 'Local devnet' })).toBeVisible()
  return { wallet, dialog }
}

/** Every view of the modal the site can show, and how a visitor gets there. */
const VIEWS: [string, Reach][] = [
  [
    'Connect',
    async ({ page, installWallet }) => {
      await installWallet()
      await page.goto('/')
      const dialog = await openModal(page)
      // The picker fills in as the WalletConnect connector and the directory's picks arrive.
      await expect(dialog.getByRole('button', { name: /^WalletConnect/ })).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Coinbase Wallet' })).toBeVisible()
      return dialog
    },
  ],
  [
    'All Wallets',
    async ({ page }) => {
      await page.goto('/')
      const dialog = await openModal(page)
      await dialog.getByRole('button', { name: 'All Wallets' }).click()
      await expect(
        dialog.getByRole('grid', { name: 'All wallets' }).getByRole('gridcell').first(),
      ).toBeVisible()
      return dialog
    },
  ],
  [
    'Get <wallet> (All Wallets)',
    async ({ page }) => {
      await page.goto('/')
      const dialog = await openModal(page)
      await dialog.getByRole('button', { name: 'All Wallets' }).click()
      await dialog
        .getByRole('grid', { name: 'All wallets' })
        .getByRole('button', { name: 'Trust Wallet', exact: true })
        .click()
      await dialog.getByRole('button', { name: 'Get Trust Wallet' }).click()
      await expect(dialog.getByRole('list', { name: 'Get Trust Wallet' })).toBeVisible()
      return dialog
    },
  ],
  [
    'WalletConnect QR',
    async ({ page }) => {
      await page.goto('/')
      const dialog = await openModal(page)
      await dialog.getByRole('button', { name: /^WalletConnect/ }).click()
      await pairingLink(dialog)
      await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeEnabled()
      return dialog
    },
  ],
  [
    'a directory wallet over WalletConnect',
    async ({ page }) => {
      await page.goto('/')
      const dialog = await openModal(page)
      await dialog.getByRole('button', { name: 'All Wallets' }).click()
      await dialog.getByRole('grid', { name: 'All wallets' }).getByRole('button', { name: 'Rainbow' }).click()
      await pairingLink(dialog)
      await expect(dialog.getByRole('button', { name: 'Get Rainbow' })).toBeVisible()
      return dialog
    },
  ],
  [
    'connecting to an extension',
    async ({ page, installWallet }) => {
      const wallet = await installWallet()
      await page.goto('/')
      const dialog = await openModal(page)
      const held = wallet.holdNext()
      await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
      await held.request
      await expect(dialog.getByText('Continue in Testkit Wallet')).toBeVisible()
      return dialog
    },
  ],
  [
    'Account',
    async ({ page, installWallet }) => {
      await installWallet()
      await page.goto('/')
      await connect(page)
      const dialog = await openModal(page)
      await accountShown(dialog)
      return dialog
    },
  ],
  [
    'UnsupportedChain',
    async ({ page, installWallet }) => (await onUnsupportedChain(page, installWallet)).dialog,
  ],
  [
    'network switch (approve in the wallet)',
    async ({ page, installWallet }) => {
      const { wallet, dialog } = await onUnsupportedChain(page, installWallet)
      const held = wallet.holdNext('wallet_switchEthereumChain')
      await dialog.getByRole('button', { name: 'Local devnet' }).click()
      await held.request
      await expect(dialog.getByText('Approve in wallet')).toBeVisible()
      return dialog
    },
  ],
]

/** The focused element: a name to report it by, and whether it is inside the dialog. */
const focused = (dialog: Locator) =>
  dialog.evaluate((element) => {
    const active = (element.getRootNode() as ShadowRoot).activeElement
    if (!active || !element.contains(active)) return null
    const name = active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''
    // The element's position in the dialog tells apart controls with the same name.
    return `${[...element.querySelectorAll('*')].indexOf(active)}:${active.tagName.toLowerCase()} ${name}`
  })

for (const [view, reach] of VIEWS) {
  test(`focus trap in ${view}: Tab goes round every control and back to the first, Shift+Tab goes round the other way, focus never leaves the dialog`, async ({
    page,
    installWallet,
  }) => {
    const dialog = await reach({ page, installWallet })
    const start = await focused(dialog)
    expect(start, 'the view focuses its first control').not.toBeNull()

    const forward: string[] = []
    for (let press = 1; press <= MAX_STOPS; press++) {
      await page.keyboard.press('Tab')
      const now = await focused(dialog)
      expect(now, `Tab × ${press} (after ${forward.at(-1) ?? start})`).not.toBeNull()
      forward.push(now as string)
      if (now === start) break
    }
    expect(forward.at(-1), 'Tab came back round to the first control').toBe(start)
    expect(
      forward.length,
      'a view has more than one stop (the close button and its controls)',
    ).toBeGreaterThan(1)

    const backward: string[] = []
    for (let press = 1; press <= forward.length; press++) {
      await page.keyboard.press('Shift+Tab')
      const now = await focused(dialog)
      expect(now, `Shift+Tab × ${press}`).not.toBeNull()
      backward.push(now as string)
    }
    // Shift+Tab visits the same stops in reverse, ending where it began.
    expect(backward).toEqual([...forward.slice(0, -1).reverse(), start])
  })
}
