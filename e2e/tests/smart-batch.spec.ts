import { fundAccount } from '@allaccess/chain'
import { addresses, allAccessPassAbi } from '@allaccess/chain/deployments'
import type { InjectedWallet, InjectedWalletOptions } from '@allaccess/testkit'
import type { Page } from '@playwright/test'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { pageViolations } from '../support/axe'
import { connect, DEVNET_ID, expect, MAINNET_ID, test } from '../support/fixtures'
import { heldPass } from '../support/pass'
import { E2E_CLOUD_URL, E2E_RPC_URL } from '../support/ports'

// The behaviour these tests check: docs/paymaster.md#sites — the mint as one atomic batch (EIP-5792) whose gas the
// project's paymaster covers (ERC-7677), through the real bundler (Alto) behind the cloud.

const chainClient = createPublicClient({ transport: http(E2E_RPC_URL) })
const PRICE = parseEther('0.01')
const BUNDLER_URL = `${E2E_CLOUD_URL}/v1/bundler?chainId=eip155:${DEVNET_ID}&projectId=allaccess-local`

/**
 * The testkit's extension wallet with a bundler on the devnet (EIP-5792 as 7702 UserOperations), holding exactly
 * the price, connected to the mint page.
 */
async function connectedSmartWallet(
  page: Page,
  installWallet: (options?: Partial<InjectedWalletOptions>) => Promise<InjectedWallet>,
) {
  const privateKey = generatePrivateKey()
  await fundAccount(E2E_RPC_URL, privateKeyToAccount(privateKey).address, PRICE)
  const wallet = await installWallet({
    privateKey,
    chains: [
      { id: DEVNET_ID, rpcUrl: E2E_RPC_URL, name: 'Local devnet', bundlerUrl: BUNDLER_URL },
      { id: MAINNET_ID, name: 'Ethereum' },
    ],
  })
  await page.goto('/')
  await connect(page)
  return wallet
}

const passesOf = (owner: `0x${string}`) =>
  chainClient.readContract({
    address: addresses.allAccessPass,
    abi: allAccessPassAbi,
    functionName: 'balanceOf',
    args: [owner],
  })

test('a wallet holding exactly the price mints with "Mint — gas covered": one sponsored batch, no gas paid', async ({
  page,
  installWallet,
}) => {
  const wallet = await connectedSmartWallet(page, installWallet)
  const covered = page.getByRole('button', { name: 'Mint — gas covered' })
  await expect(covered).toBeVisible()
  // The normal mint stays beside it.
  await expect(page.getByRole('button', { name: 'Mint for 0.01 ETH' })).toBeVisible()
  expect(await pageViolations(page)).toEqual([])

  const held = wallet.holdNext('wallet_sendCalls')
  await covered.click()
  await held.request
  await expect(page.getByText('Confirm the mint in your wallet…')).toBeVisible()
  await held.approve()
  await expect(page.getByText('Minted! Welcome aboard.')).toBeVisible({ timeout: 60_000 })
  const { owner } = await heldPass(page)
  expect(owner).toBe(wallet.address)
  expect(await chainClient.getBalance({ address: wallet.address })).toBe(0n)

  const sent = wallet.requests.find((request) => request.method === 'wallet_sendCalls')
  expect(sent?.params).toMatchObject([
    {
      atomicRequired: true,
      calls: [
        {
          to: expect.stringMatching(new RegExp(`^${addresses.allAccessPass}$`, 'i')),
          value: '0x2386f26fc10000',
        },
      ],
      capabilities: { paymasterService: { url: expect.stringContaining('/v1/paymaster?') } },
    },
  ])
})

test('a batch rejected in the wallet spends nothing, and Try again sends it again', async ({
  page,
  installWallet,
}) => {
  const wallet = await connectedSmartWallet(page, installWallet)
  wallet.rejectNext('wallet_sendCalls')
  await page.getByRole('button', { name: 'Mint — gas covered' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'You rejected the transaction in your wallet. Nothing was spent.',
  )
  expect(await chainClient.getBalance({ address: wallet.address })).toBe(PRICE)
  expect(await passesOf(wallet.address)).toBe(0n)
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByText('Minted! Welcome aboard.')).toBeVisible({ timeout: 60_000 })
  expect(await passesOf(wallet.address)).toBe(1n)
})

test('a wallet without atomic batches gets the normal mint only', async ({ page, wallet }) => {
  await page.goto('/')
  await connect(page)
  await expect(page.getByRole('button', { name: 'Mint for 0.01 ETH' })).toBeVisible()
  // Its answer to wallet_getCapabilities is in before the check below (the site asks once connected).
  await expect
    .poll(() => wallet.requests.some((request) => request.method === 'wallet_getCapabilities'))
    .toBe(true)
  await expect(page.getByRole('button', { name: 'Mint — gas covered' })).toHaveCount(0)
})
