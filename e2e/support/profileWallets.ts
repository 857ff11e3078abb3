import { waitForCode } from '@allaccess/testkit/mailbox'
import type { Locator, Page } from '@playwright/test'
import { formatUnits, type Hex } from 'viem'
import { chainClient } from './account'
import { enterCode, MAILBOX_URL } from './embeddedWallet'
import { expect, openModal } from './fixtures'
import { newEmail } from './frameRequest'

// The Wallets view as the tests of several wallets at once walk it (docs/behaviour.md#profile-wallets).

/** An EVM address as the modal shortens it. */
export const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** Account's switcher while WalletConnect is current (its connector's name, or the paired wallet's). */
export const WALLETCONNECT_SWITCHER = /^Connected with .*WalletConnect\. Switch wallet$/

/** A Solana address as the modal shortens it: its first 4 characters, an ellipsis, its last 4. */
export const shortSolana = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

/** The site's account button (its name is the current account's short address). */
export const headerButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^0x/ })

/** From Account's header into the Wallets view. */
export async function openWallets(page: Page, switcher: string | RegExp): Promise<Locator> {
  const dialog = await openModal(page)
  await expect(dialog.getByRole('heading', { name: 'Account' })).toBeVisible()
  await dialog.getByRole('button', { name: switcher }).click()
  await expect(dialog.getByRole('heading', { name: 'Wallets' })).toBeVisible()
  return dialog
}

/**
 * From the Wallets view on show: Add another wallet → a new e-mail address → its code from the mailbox; returns
 * the address once the e-mail wallet connected (the dialog closed).
 */
export async function addEmailWallet(page: Page, dialog: Locator): Promise<string> {
  await dialog.getByRole('button', { name: 'Add another wallet' }).click()
  const email = newEmail()
  const after = Date.now()
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible()
  await enterCode(page, await waitForCode(MAILBOX_URL, email, { after }))
  await expect(dialog).toBeHidden()
  return email
}

/** The Wallets view's EVM group: its rows, in order. */
export const evmRows = (dialog: Locator) => dialog.getByRole('region', { name: 'EVM' }).getByRole('listitem')

/** An amount as the modal shows it: 3 decimals, truncated, and the coin ('9999.989 ETH'). */
export function shownAmount(value: bigint, decimals: number, symbol: string): string {
  const [whole, fraction = ''] = formatUnits(value, decimals).split('.')
  const shown = fraction.slice(0, 3).replace(/0+$/, '')
  return `${whole}${shown ? `.${shown}` : ''} ${symbol}`
}

/** An address's devnet balance as the modal shows it. */
export const shownBalance = async (address: Hex) =>
  shownAmount(await chainClient.getBalance({ address }), 18, 'ETH')

/** A Solana address's balance on the local validator (`rpcUrl`) as the modal shows it. */
export async function shownSolanaBalance(rpcUrl: string, address: string): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
  })
  const { result } = (await response.json()) as { result: { value: number } }
  return shownAmount(BigInt(result.value), 9, 'SOL')
}

/**
 * What in the Wallets view's rows is laid out wrong: a row's parts (its icon, its text, its Disconnect; in its
 * title line, the wallet's name and the current mark) overlapping, or a line of text spilling out of its column.
 * None when every row holds its parts side by side.
 */
export async function rowProblems(dialog: Locator): Promise<string[]> {
  return dialog.locator('.profile-wallet').evaluateAll((rows) =>
    rows.flatMap((row, index) => {
      const found: string[] = []
      const apart = (parts: Element[]) => {
        const boxes = parts.map((part) => part.getBoundingClientRect())
        boxes.forEach((a, i) => {
          for (const [j, b] of boxes.entries()) {
            const clear = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top
            if (j > i && !clear)
              found.push(`row ${index}: "${parts[i]?.textContent}" overlaps "${parts[j]?.textContent}"`)
          }
        })
      }
      apart([...row.querySelectorAll('.icon, .profile-wallet-text, .profile-wallet-disconnect')])
      apart([...row.querySelectorAll('.profile-wallet-title > *')])
      for (const line of row.querySelectorAll<HTMLElement>('.profile-wallet-text > *')) {
        if (line.scrollWidth > line.clientWidth + 1) found.push(`row ${index}: "${line.textContent}" spills`)
      }
      return found
    }),
  )
}
