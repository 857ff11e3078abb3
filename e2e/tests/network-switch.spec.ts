import type { InjectedWallet, InjectedWalletOptions } from '@allaccess/testkit'
import type { Locator, Page } from '@playwright/test'
import { animationsSettled } from '../support/animations'
import { DEVNET_ID, expect, MAINNET_ID, modal, openModal, test } from '../support/fixtures'

// The behaviour these tests check: docs/behaviour.md#network-switch.

/** A wallet that sits on Ethereum mainnet, which the site does not configure, connected through the modal, which shows UnsupportedChain. */
async function connectOnMainnet(
  page: Page,
  installWallet: (options?: Partial<InjectedWalletOptions>) => Promise<InjectedWallet>,
): Promise<{ wallet: InjectedWallet; dialog: Locator }> {
  const wallet = await installWallet({ initialChainId: MAINNET_ID })
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = modal(page)
  await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
  await expect(dialog.getByRole('heading', { name: 'Switch Network' })).toBeVisible()
  return { wallet, dialog }
}

test('Network switch: a wallet on an unconfigured chain sees UnsupportedChain; switching lands on Account', async ({
  page,
  installWallet,
}) => {
  const { wallet, dialog } = await connectOnMainnet(page, installWallet)

  await expect(
    dialog.getByText('This app doesn’t support your current network.', { exact: false }),
  ).toBeVisible()
  await expect(
    page.getByText('Your wallet is on a network this site doesn’t use.', { exact: false }),
  ).toBeAttached()

  await dialog.getByRole('button', { name: 'Local devnet' }).click()
  await expect(dialog.getByRole('heading', { name: 'Account' })).toBeVisible()
  expect(wallet.chainId).toBe(DEVNET_ID)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Mint for 0.01 ETH' })).toBeVisible()
})

test('Network switch: a failed (rejected) switch returns to the previous view', async ({
  page,
  installWallet,
}) => {
  const { wallet, dialog } = await connectOnMainnet(page, installWallet)

  const held = wallet.holdNext('wallet_switchEthereumChain')
  await dialog.getByRole('button', { name: 'Local devnet' }).click()
  await held.request
  await expect(dialog.getByRole('heading', { name: 'Local devnet' })).toBeVisible()
  await expect(dialog.getByText('Approve in wallet')).toBeVisible()
  await held.reject()
  await expect(dialog.getByRole('heading', { name: 'Switch Network' })).toBeVisible()
  await expect(dialog.getByText('Network switch rejected')).toHaveAttribute('role', 'alert')
  expect(wallet.chainId).toBe(MAINNET_ID)
})

test('the wallet moving to an unconfigured chain while connected opens UnsupportedChain: a backdrop click shakes, Escape and × close it, the page’s Switch network stays', async ({
  page,
  wallet,
}) => {
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click()
  await modal(page).getByRole('button', { name: 'Testkit Wallet' }).click()
  await expect(modal(page)).toBeHidden()

  await wallet.switchChain(MAINNET_ID)
  const dialog = modal(page)
  await expect(dialog.getByRole('heading', { name: 'Switch Network' })).toBeVisible()
  // The shake lasts a moment: a loaded machine may poll past it, so the page records that it happened.
  await dialog.evaluate((element) => {
    new MutationObserver(() => {
      if (element.getAttribute('data-shake') === 'true') element.dataset.shook = 'true'
    }).observe(element, { attributes: true, attributeFilter: ['data-shake'] })
  })
  // A click beside the dialog is likely a slip: refused, with a shake.
  await page.mouse.click(5, 5)
  await expect(dialog).toHaveAttribute('data-shook', 'true')
  await expect(dialog).toBeVisible()
  // The wallet's network is named (chain 1 is Ethereum), with its icon.
  const current = dialog.getByRole('list', { name: 'Networks' }).locator('[aria-current="true"]')
  await expect(current).toContainText('Ethereum')
  await expect(current).not.toContainText('Unknown Network')

  // Escape closes it; the page's own Switch network is there to use.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Switch network' })).toBeVisible()
  // It brings the view back; × closes it too.
  await page.getByRole('button', { name: 'Switch network' }).click()
  await expect(dialog.getByRole('heading', { name: 'Switch Network' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()

  await wallet.switchChain(DEVNET_ID)
  await expect(page.getByRole('button', { name: 'Mint for 0.01 ETH' })).toBeVisible()
})

/** The boxes of a list's rows: their height and the gap between the first two. */
async function rowSpacing(list: Locator): Promise<{ height: number; gap: number }> {
  const rows = list.getByRole('listitem')
  const [first, second] = [await rows.nth(0).boundingBox(), await rows.nth(1).boundingBox()]
  if (!first || !second) throw new Error('not laid out')
  return { height: first.height, gap: second.y - (first.y + first.height) }
}

test('Network switch: every network shows its icon from the cloud, the wallet’s network is marked current, rows spaced as the wallet list’s', async ({
  page,
  installWallet,
}) => {
  await installWallet({ initialChainId: MAINNET_ID })
  await page.goto('/')
  const dialog = await openModal(page)
  const wallets = dialog.getByRole('list', { name: 'Wallets' })
  await expect(wallets.getByRole('button', { name: 'Testkit Wallet' })).toBeVisible()
  await animationsSettled(dialog)
  const walletRows = await rowSpacing(wallets)
  await wallets.getByRole('button', { name: 'Testkit Wallet' }).click()
  await expect(dialog.getByRole('heading', { name: 'Switch Network' })).toBeVisible()

  const networks = dialog.getByRole('list', { name: 'Networks' })
  // The wallet's network: not one the site uses, so it is marked and not offered as a choice.
  const current = networks.getByRole('listitem').filter({ has: page.locator('[aria-current="true"]') })
  await expect(current).toHaveCount(1)
  await expect(current).toContainText('Current')
  await expect(current.getByText('Current')).toBeVisible()
  await expect(current.getByRole('button')).toHaveCount(0)
  const devnet = networks.getByRole('button', { name: 'Local devnet' })
  await expect(devnet).not.toHaveAttribute('aria-current')

  const icons = networks.locator('img')
  await expect(icons).toHaveCount(2)
  const sources = await icons.evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => ({
      path: decodeURIComponent(new URL(image.src).pathname),
      loaded: image.complete && image.naturalWidth > 0,
    })),
  )
  expect(sources).toEqual([
    { path: '/public/getAssetImage/eip155:1', loaded: true },
    { path: '/public/getAssetImage/eip155:31337', loaded: true },
  ])
  // The devnet's icon is its own mark, not the letters of a monogram.
  await expect(networks.getByText(/^[A-Z]{2}$/)).toHaveCount(0)
  await animationsSettled(dialog)
  // Spaced as the wallet list's rows; the Connect view's wallet rows are denser by design (the view fits an
  // 800 px screen), so the networks keep the lists' standard row: 60 px, where Connect's are 48.
  expect(walletRows).toEqual({ height: 48, gap: 8 })
  expect(await rowSpacing(networks)).toEqual({ height: 60, gap: walletRows.gap })
})

test('Network switch: a network the cloud has no image for shows a monogram', async ({
  page,
  installWallet,
}) => {
  await installWallet({ initialChainId: 4242, chains: [{ id: 4242, name: 'Elsewhere' }] })
  await page.goto('/')
  const dialog = await openModal(page)
  await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
  await expect(dialog.getByRole('heading', { name: 'Switch Network' })).toBeVisible()
  const current = dialog
    .getByRole('list', { name: 'Networks' })
    .getByRole('listitem')
    .filter({ has: page.locator('[aria-current="true"]') })
  await expect(current).toContainText('Chain 4242')
  await expect(current.locator('img')).toHaveCount(0)
  await expect(current.locator('[aria-hidden="true"]').filter({ hasText: /^[A-Z0-9]{1,2}$/ })).toBeVisible()
})
