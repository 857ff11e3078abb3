import { fundAccount } from '@allaccess/chain'
import { addresses } from '@allaccess/chain/deployments'
import type { Page } from '@playwright/test'
import { type Hex, parseEther } from 'viem'
import { chainClient } from '../support/account'
import { pageViolations } from '../support/axe'
import { signInByEmail } from '../support/embeddedWallet'
import { DEVNET_ID, expect, modal, test } from '../support/fixtures'
import { approveInFrame, frameRequest, newEmail, walletFrame } from '../support/frameRequest'
import { heldPass } from '../support/pass'
import { E2E_CLOUD_URL, E2E_RPC_URL } from '../support/ports'

// The behaviour these tests check: docs/embedded-wallet.md#account-type — the e-mail wallet's own address as a
// smart account (EIP-7702 to Simple7702Account, ERC-4337 v0.8) through the cloud's bundler (Alto) and paymaster.

// The smart account's approval is taller than a plain send's (the atomic line, the delegation): in a 720 px window
// the frame's gate asks for a larger one before Approve (a compact layout is still to do).
test.use({ viewport: { width: 1280, height: 1000 } })

const PRICE = parseEther('0.01')
const PAYMASTER_URL = `${E2E_CLOUD_URL}/v1/paymaster?chainId=eip155:${DEVNET_ID}&projectId=allaccess-local`

async function frameReply<T>(page: Page, type: string, payload: unknown): Promise<T> {
  const reply = await frameRequest(page, type, payload)
  if (!reply.ok) throw new Error(reply.error.message)
  return reply.payload as T
}

type User = { address: Hex; preferredAccountType: string; smartAccountDeployed: boolean }
const userOf = (page: Page) => frameReply<User>(page, 'getUser', { chainId: DEVNET_ID })

test('a new e-mail user holding exactly the price mints with "Mint — gas covered": one sponsored operation that also delegates the address; then eoa and back', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await page.goto('/')
  await signInByEmail(page, newEmail())
  const before = await userOf(page)
  expect(before).toMatchObject({ preferredAccountType: 'smartAccount', smartAccountDeployed: false })
  expect(await frameReply(page, 'getSmartAccountEnabledNetworks', {})).toEqual({
    smartAccountEnabledNetworks: [DEVNET_ID],
  })
  const { address } = before
  // Exactly the price, then the page reads the balance again (a reload would ask the wallet's capabilities
  // while the modal still reconnects, and the site asks them once per address).
  await fundAccount(E2E_RPC_URL, address, PRICE)
  await page.getByRole('button', { name: 'Check my balance again' }).click()

  await page.getByRole('button', { name: 'Mint — gas covered' }).click()
  const frame = walletFrame(page)
  await expect(frame.getByRole('heading', { name: 'Send transactions' })).toBeVisible({ timeout: 30_000 })
  await expect(frame.getByText(`Mint at ${addresses.allAccessPass}, paying 0.01 ETH`)).toBeVisible()
  await expect(
    frame.getByText(
      'Sent together as one operation of your smart account: all of these calls happen, or none.',
    ),
  ).toBeVisible()
  await expect(
    frame.getByText(/^This also makes your address a smart account: it delegates it \(EIP-7702\)/),
  ).toBeVisible()
  await expect(frame.getByRole('definition').filter({ hasText: /^Up to .+ ETH, paid by / })).toBeVisible()
  expect(await pageViolations(page)).toEqual([])
  await approveInFrame(page)
  await expect(page.getByText('Minted! Welcome aboard.')).toBeVisible({ timeout: 60_000 })
  expect((await heldPass(page)).owner).toBe(address)
  expect(await chainClient.getBalance({ address })).toBe(0n)
  expect(await userOf(page)).toMatchObject({
    preferredAccountType: 'smartAccount',
    smartAccountDeployed: true,
  })

  // The Account view shows the type and its switch; the same address either way, eoa sending one by one again.
  await page.getByRole('banner').getByRole('button', { name: /^0x/ }).click()
  const dialog = modal(page)
  const toggle = dialog.getByRole('switch', { name: 'Smart account' })
  await expect(dialog.getByText('Account type: Smart account')).toBeVisible()
  await expect(toggle).toBeChecked()
  expect(await pageViolations(page)).toEqual([])
  await toggle.click()
  await expect(dialog.getByText('Account type: Externally owned account')).toBeVisible()
  await expect(toggle).not.toBeChecked()
  expect(await userOf(page)).toMatchObject({
    address,
    preferredAccountType: 'eoa',
    smartAccountDeployed: true,
  })
  const capabilities = (chain: Record<string, unknown>) => chain['0x7a69'] as Record<string, unknown>
  const eoa = await frameReply<{ result: Record<string, unknown> }>(page, 'rpcRequest', {
    method: 'wallet_getCapabilities',
    params: [address],
    chainId: DEVNET_ID,
  })
  expect(capabilities(eoa.result)).toMatchObject({ atomic: { status: 'unsupported' } })
  await toggle.click()
  await expect(dialog.getByText('Account type: Smart account')).toBeVisible()
  await expect(toggle).toBeChecked()
  expect(await userOf(page)).toMatchObject({ address, preferredAccountType: 'smartAccount' })
  const smart = await frameReply<{ result: Record<string, unknown> }>(page, 'rpcRequest', {
    method: 'wallet_getCapabilities',
    params: [address],
    chainId: DEVNET_ID,
  })
  expect(capabilities(smart.result)).toMatchObject({
    atomic: { status: 'supported' },
    paymasterService: { supported: true },
  })
})

test("a site asking the paymaster to pay for calls outside the project's policy gets the refusal naming its rule, and the user is asked nothing", async ({
  page,
}) => {
  await page.goto('/')
  await signInByEmail(page, newEmail())
  const { address } = await userOf(page)
  // A call to the test token, which the local policy does not sponsor.
  const refused = await frameRequest(page, 'rpcRequest', {
    method: 'wallet_sendCalls',
    params: [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: address,
        atomicRequired: true,
        calls: [{ to: addresses.testUsd, value: '0x1' }],
        capabilities: { paymasterService: { url: PAYMASTER_URL } },
      },
    ],
    chainId: DEVNET_ID,
  })
  expect(refused).toEqual({
    ok: false,
    error: {
      code: -32003,
      message: expect.stringMatching(/^Sponsorship refused by the project's policy \(calls\.contract\): /),
    },
  })
  await expect(page.locator('iframe[title="Wallet"]')).toBeHidden()
  // A paymaster of the site's own choosing is not used.
  expect(
    await frameRequest(page, 'rpcRequest', {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          from: address,
          calls: [{ to: addresses.allAccessPass, value: '0x2386f26fc10000', data: '0x1249c58b' }],
          capabilities: { paymasterService: { url: 'https://paymaster.evil.example/rpc' } },
        },
      ],
      chainId: DEVNET_ID,
    }),
  ).toEqual({
    ok: false,
    error: { code: 5700, message: "The wallet pays no gas through another paymaster than its project's own" },
  })
})
