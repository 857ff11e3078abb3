import { PAIRING_LINK_TIMEOUT_MS } from '@allaccess/modal/testing'
import {
  createWalletConnectWallet,
  fundedKey,
  type InjectedWallet,
  type InjectedWalletOptions,
  installInjectedWallet,
  type WalletConnectWallet,
  type WalletConnectWalletOptions,
} from '@allaccess/testkit'
import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { E2E_CLOUD_URL, E2E_RPC_URL } from './ports'

export const DEVNET_ID = 31337
export const MAINNET_ID = 1
/** The e2e cloud's WalletConnect relay, the one the site's build uses by default. */
export const E2E_RELAY_URL = `${E2E_CLOUD_URL.replace(/^http/, 'ws')}/relay`
/** The e2e cloud's Verify service, which attests the site's origin to WalletConnect wallets. */
export const E2E_VERIFY_URL = `${E2E_CLOUD_URL}/verify/v3`

type Fixtures = {
  /** A fresh funded account in the scripted EIP-6963 wallet, on the devnet. */
  wallet: InjectedWallet
  installWallet: (options?: Partial<InjectedWalletOptions>) => Promise<InjectedWallet>
  /**
   * A fresh funded account in a WalletKit wallet in Node, on the e2e cloud's relay and Verify service, with the
   * devnet and Ethereum; closed after the test.
   */
  wcWallet: WalletConnectWallet
}

/**
 * A WalletKit wallet in Node on the e2e cloud's relay and Verify service: a fresh funded account on the devnet and
 * Ethereum, sessions carrying every chain it has (as MetaMask Mobile's do); `options` adds to it (a Solana
 * account). The caller closes it.
 */
export async function startWcWallet(
  options: Partial<WalletConnectWalletOptions> = {},
): Promise<WalletConnectWallet> {
  return createWalletConnectWallet({
    relayUrl: E2E_RELAY_URL,
    verifyUrl: E2E_VERIFY_URL,
    privateKey: await fundedKey(E2E_RPC_URL),
    chains: [
      { id: DEVNET_ID, rpcUrl: E2E_RPC_URL, name: 'Local devnet' },
      { id: MAINNET_ID, name: 'Ethereum' },
    ],
    sessionChains: 'all',
    name: 'Testkit WalletConnect',
    ...options,
  })
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
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
  wcWallet: async ({}, use) => {
    const wallet = await startWcWallet()
    try {
      await use(wallet)
    } finally {
      await wallet.close()
    }
  },
})

export { expect }

/**
 * The modal's dialog (inside its shadow root; Playwright's locators pierce open shadow roots), not the wallet
 * frame's own dialog, which can be open beside it (a new device waiting for its approval while the modal connects).
 */
export const modal = (page: Page): Locator =>
  page.getByRole('dialog').and(page.locator(':not([aria-label="Wallet"])'))

/**
 * The pairing link the dialog's pairing view shows, once it differs from `previous` (the view exposes it as
 * `data-pairing-uri` for tests). Waited for as long as the modal itself waits for it (`PAIRING_LINK_TIMEOUT_MS`):
 * the WalletConnect client's first load and the relay's answer take seconds on a busy machine.
 */
export async function pairingLink(dialog: Locator, previous?: string): Promise<string> {
  const view = dialog.locator('[data-pairing-uri]')
  const timeout = PAIRING_LINK_TIMEOUT_MS
  await expect(view).toHaveAttribute('data-pairing-uri', /^wc:/, { timeout })
  if (previous) await expect(view).not.toHaveAttribute('data-pairing-uri', previous, { timeout })
  const uri = await view.getAttribute('data-pairing-uri')
  if (!uri) throw new Error('the pairing view has no link')
  return uri
}

/** Opens the modal from the site's connect button once it has settled: "Connect Wallet", a name or an address. */
export async function openModal(page: Page): Promise<Locator> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^(?!Connecting)/ })
    .click()
  const dialog = modal(page)
  await expect(dialog).toBeVisible()
  return dialog
}

/**
 * Waits for the Account view to settle: the header's balance and the Tokens list, which arrive separately
 * (the list after the cloud or the wallet answers). Tests that walk or audit the view start from this state.
 */
export async function accountShown(dialog: Locator): Promise<void> {
  await expect(dialog.getByText(/^Balance: .+ ETH$/)).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Tokens' })).toBeVisible()
}

export async function connect(page: Page, walletName = 'Testkit Wallet'): Promise<void> {
  const dialog = await openModal(page)
  await dialog.getByRole('button', { name: walletName }).click()
  await expect(dialog).toBeHidden()
}
