import { addresses } from '@allaccess/chain/deployments'
import { fundedKey } from '@allaccess/testkit'
import type { Locator, Page } from '@playwright/test'
import { createPublicClient, createWalletClient, erc20Abi, type Hex, http, parseAbi, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { connect, expect, openModal } from './fixtures'
import { E2E_CLOUD_URL, E2E_RPC_URL } from './ports'

export const chainClient = createPublicClient({ transport: http(E2E_RPC_URL) })

/** The local project and the devnet, as the cloud's account routes take them. */
export const DEVNET_ACCOUNT_QUERY = 'projectId=allaccess-local&chainId=eip155:31337'

/** The cloud's own history answer for `address` on the devnet, from Node: what the indexer has seen so far. */
export async function cloudHistory(address: string): Promise<string> {
  return (await fetch(`${E2E_CLOUD_URL}/v1/account/${address}/history?${DEVNET_ACCOUNT_QUERY}`)).text()
}

/** Connects the testkit wallet on the site and opens the modal on Account. */
export async function openAccount(page: Page): Promise<Locator> {
  await page.goto('/')
  await connect(page)
  const dialog = await openModal(page)
  await expect(dialog.getByRole('heading', { name: 'Account' })).toBeVisible()
  return dialog
}

/** TestUSD's open faucet: `amount` whole tUSD (6 decimals) to `to`, sent from a fresh funded account. */
export async function mintTestUsd(to: Hex, amount: string): Promise<void> {
  const account = privateKeyToAccount(await fundedKey(E2E_RPC_URL))
  const wallet = createWalletClient({ account, transport: http(E2E_RPC_URL) })
  const hash = await wallet.writeContract({
    chain: null,
    address: addresses.testUsd,
    abi: parseAbi(['function mint(address to, uint256 amount)']),
    functionName: 'mint',
    args: [to, parseUnits(amount, 6)],
  })
  await chainClient.waitForTransactionReceipt({ hash })
}

export const testUsdBalance = (owner: Hex) =>
  chainClient.readContract({
    address: addresses.testUsd,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

/** The cloud's account calls the page made, by path (`balance`, `history`, `nfts`). */
export function countAccountCalls(page: Page) {
  const calls: string[] = []
  page.on('request', (request) => {
    const match = new URL(request.url()).pathname.match(/^\/v1\/account\/[^/]+\/(\w+)$/)
    if (match?.[1]) calls.push(match[1])
  })
  return { of: (path: string) => calls.filter((call) => call === path).length }
}
