import { addresses, allAccessPassAbi } from '@allaccess/chain/deployments'
import type { Page } from '@playwright/test'
import { createPublicClient, createWalletClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { openAccount } from '../support/account'
import { connect, expect, openModal, test } from '../support/fixtures'
import { E2E_CLOUD_URL, E2E_EXPLORER_URL, E2E_RPC_URL } from '../support/ports'

const chainClient = createPublicClient({ transport: http(E2E_RPC_URL) })
const HASH = /^0x[0-9a-f]{64}$/

/** The artwork's figure, named by its caption. */
const artwork = (page: Page, caption: string) => page.getByRole('figure', { name: caption })

/** The on-chain artwork of pass `tokenId`, as the contract's tokenURI gives it. */
async function contractImage(tokenId: bigint): Promise<string> {
  const uri = await chainClient.readContract({
    address: addresses.allAccessPass,
    abi: allAccessPassAbi,
    functionName: 'tokenURI',
    args: [tokenId],
  })
  const metadata = JSON.parse(Buffer.from(uri.split(',')[1] ?? '', 'base64').toString('utf8'))
  return metadata.image
}

test('the artwork shows the pass the visitor is about to mint (totalMinted + 1), then the pass they hold', async ({
  page,
  wallet,
}) => {
  await page.goto('/')
  const minted = page.getByText(/^\d+ \/ 1000$/)
  await expect(minted).toBeVisible()
  const next = BigInt((await minted.textContent())?.split(' ')[0] ?? 0) + 1n
  const preview = artwork(page, 'The next pass to be minted').getByRole('img', {
    name: `All-Access Pass #${next}`,
  })
  await expect(preview).toBeVisible()
  const previewImage = await preview.getAttribute('src')

  await connect(page)
  await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
  await expect(page.getByText('Minted! Welcome aboard.')).toBeVisible()
  const held = page.getByText(/You hold All-Access Pass #\d+\./)
  const tokenId = BigInt((await held.textContent())?.match(/#(\d+)/)?.[1] ?? 0)
  await expect(
    artwork(page, 'Your pass').getByRole('img', { name: `All-Access Pass #${tokenId}` }),
  ).toBeVisible()
  expect(
    await chainClient.readContract({
      address: addresses.allAccessPass,
      abi: allAccessPassAbi,
      functionName: 'ownerOf',
      args: [tokenId],
    }),
  ).toBe(wallet.address)
  // The preview was the contract's own art for that number (minted since, by this visitor or another).
  expect(previewImage).toBe(await contractImage(next))
})

test('the transaction hash is shortened, copies in full, and links the configured explorer', async ({
  page,
  context,
  wallet,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/')
  await connect(page)
  await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
  await expect(page.getByText('Minted! Welcome aboard.')).toBeVisible()

  const link = page.getByRole('link', { name: 'View on explorer' })
  const href = (await link.getAttribute('href')) ?? ''
  const hash = href.slice(`${E2E_EXPLORER_URL}/tx/`.length) as Hex
  expect(href).toBe(`${E2E_EXPLORER_URL}/tx/${hash}`)
  expect(hash).toMatch(HASH)
  await expect(link).toHaveAttribute('target', '_blank')
  const receipt = await chainClient.getTransactionReceipt({ hash })
  expect(receipt).toMatchObject({ status: 'success', from: wallet.address.toLowerCase() })

  await expect(page.getByText(`${hash.slice(0, 6)}…${hash.slice(-4)}`, { exact: true })).toBeVisible()
  await expect(page.getByText(hash, { exact: true })).toHaveCount(0)
  await page.getByRole('button', { name: 'Copy transaction hash' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hash)
})

test('not enough ETH: says how much is missing and, on the devnet, how to get test ETH; the advice works', async ({
  page,
  context,
  installWallet,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const wallet = await installWallet({ privateKey: generatePrivateKey() })
  await page.goto('/')
  await connect(page)
  await expect(
    page.getByText('Not enough ETH: you need 0.01 ETH more (plus gas) to mint for 0.01 ETH.'),
  ).toBeVisible()
  await expect(
    page.getByText(
      /Or import the funded dev key from the README into your wallet, or send this wallet 1 test ETH/,
    ),
  ).toBeVisible()
  const command = (await page.locator('pre code').textContent()) ?? ''
  expect(command).toContain(`cast send ${wallet.address} --value 1ether --private-key 0x`)
  await page.getByRole('button', { name: 'Copy the cast command' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command)

  // Do what the command does, with its key and RPC URL (the site's, through the cloud's gateway), but send
  // only part of the price first: the page then says exactly what is still missing.
  const [, key, rpcUrl] = command.match(/--private-key (0x[0-9a-f]{64}) --rpc-url '([^']+)'$/) ?? []
  const sender = createWalletClient({ account: privateKeyToAccount(key as Hex), transport: http(rpcUrl) })
  const send = async (value: bigint) => {
    const hash = await sender.sendTransaction({ to: wallet.address, value, chain: null })
    await chainClient.waitForTransactionReceipt({ hash, pollingInterval: 100 })
  }
  await send(parseEther('0.004'))
  await page.getByRole('button', { name: 'Check my balance again' }).click()
  await expect(
    page.getByText('Not enough ETH: you need 0.006 ETH more (plus gas) to mint for 0.01 ETH.'),
  ).toBeVisible()
  await send(parseEther('1'))
  await page.getByRole('button', { name: 'Check my balance again' }).click()
  await expect(page.getByRole('button', { name: 'Mint for 0.01 ETH' })).toBeVisible()
})

test("the page's own transactions show in Account at once: test ETH from the faucet, then the mint, not 30 s later", async ({
  page,
  installWallet,
}) => {
  await installWallet({ privateKey: generatePrivateKey() })
  const dialog = await openAccount(page)
  await expect(dialog.getByText(/^Balance: 0 ETH$/)).toBeVisible()
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Get test ETH' }).click()
  await expect(page.getByRole('button', { name: 'Mint for 0.01 ETH' })).toBeVisible()
  await openModal(page)
  // Well inside the 30 s the balance is cached for.
  await expect(dialog.getByText(/^Balance: 1 ETH$/)).toBeVisible({ timeout: 5_000 })
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
  await expect(page.getByText('Minted! Welcome aboard.')).toBeVisible()
  await openModal(page)
  await expect(dialog.getByText(/^Balance: 0\.9[89]\d* ETH$/)).toBeVisible({ timeout: 5_000 })
})

test('a throttled faucet says when to try again, counting down, with Get test ETH held back until then', async ({
  page,
  installWallet,
}) => {
  test.slow()
  const key = generatePrivateKey()
  const account = privateKeyToAccount(key)
  // The faucet's allowance for this address used up (3 a day), and what it sent spent elsewhere.
  for (let call = 0; call < 3; call++) {
    const response = await fetch(`${E2E_CLOUD_URL}/v1/faucet?projectId=allaccess-local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chainId: 31337, address: account.address }),
    })
    expect(response.status).toBe(200)
    const { hash } = (await response.json()) as { hash: Hex }
    await chainClient.waitForTransactionReceipt({ hash })
  }
  const gasPrice = await chainClient.getGasPrice()
  const held = await chainClient.getBalance({ address: account.address })
  const spend = createWalletClient({ account, transport: http(E2E_RPC_URL) })
  const gone = await spend.sendTransaction({
    chain: null,
    to: '0x000000000000000000000000000000000000dEaD',
    value: held - 21_000n * gasPrice * 2n,
    gas: 21_000n,
    gasPrice: gasPrice * 2n,
  })
  await chainClient.waitForTransactionReceipt({ hash: gone })

  await installWallet({ privateKey: key })
  await page.goto('/')
  await connect(page)
  const get = page.getByRole('button', { name: 'Get test ETH' })
  await get.click()
  const alert = page.getByRole('alert')
  await expect(alert).toHaveText(/^Please try again after \d+ seconds$/)
  await expect(get).toBeDisabled()
  const first = Number((await alert.textContent())?.match(/\d+/)?.[0])
  // It counts down, live.
  await expect.poll(async () => Number((await alert.textContent())?.match(/\d+/)?.[0])).toBeLessThan(first)
  await expect(get).toBeDisabled()
})
