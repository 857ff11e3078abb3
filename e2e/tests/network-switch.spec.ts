import type { InjectedWallet, InjectedWalletOptions } from '@allaccess/testkit'
import type { Locator, Page } from '@playwright/test'
import { DEVNET_ID, expect, MAINNET_ID, modal, test } from '../support/fixtures'

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

test('§4 Network switch: a wallet on an unconfigured chain sees UnsupportedChain; switching lands on Account', async ({
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

test('§4 Network switch: a failed (rejected) switch returns to the previous view', async ({
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

test('§4 the wallet moving to an unconfigured chain while connected opens UnsupportedChain, and closing is refused', async ({
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
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveAttribute('data-shake', 'true')
  await expect(dialog).toBeVisible()

  await wallet.switchChain(DEVNET_ID)
  await expect(dialog.getByRole('heading', { name: 'Account' })).toBeVisible()
})
