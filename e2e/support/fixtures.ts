import {
  fundedKey,
  type InjectedWallet,
  type InjectedWalletOptions,
  installInjectedWallet,
} from '@allaccess/testkit'
import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { E2E_RPC_URL } from './ports'

export const DEVNET_ID = 31337
export const MAINNET_ID = 1

type Fixtures = {
  /** A fresh funded account in the scripted EIP-6963 wallet, on the devnet. */
  wallet: InjectedWallet
  installWallet: (options?: Partial<InjectedWalletOptions>) => Promise<InjectedWallet>
}

export const test = base.extend<Fixtures>({
  installWallet: async ({ page }, use) => {
    await use(async (options = {}) =>
      installInjectedWallet(page, {
        privateKey: options.privateKey ?? (await fundedKey(E2E_RPC_URL)),
        chains: [
          { id: DEVNET_ID, rpcUrl: E2E_RPC_URL, name: 'Local devnet' },
          { id: MAINNET_ID, name: 'Ethereum' },
        ],
        ...options,
      }),
    )
  },
  wallet: async ({ installWallet }, use) => {
    await use(await installWallet())
  },
})

export { expect }

/** The modal's dialog (inside its shadow root; Playwright's locators pierce open shadow roots). */
export const modal = (page: Page): Locator => page.getByRole('dialog')

export async function openModal(page: Page): Promise<Locator> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Connect Wallet|0x/ })
    .click()
  const dialog = modal(page)
  await expect(dialog).toBeVisible()
  return dialog
}

export async function connect(page: Page, walletName = 'Testkit Wallet'): Promise<void> {
  const dialog = await openModal(page)
  await dialog.getByRole('button', { name: walletName }).click()
  await expect(dialog).toBeHidden()
}
