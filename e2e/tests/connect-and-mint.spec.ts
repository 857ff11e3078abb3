import { createPublicClient, formatEther, http } from 'viem'
import { connect, expect, modal, openModal, test } from '../support/fixtures'
import { chainReads } from '../support/offline'
import { heldPass } from '../support/pass'
import { E2E_RPC_URL } from '../support/ports'
import { recordTextsOfNextLoad } from '../support/seenTexts'

// The behaviour these tests check: docs/behaviour.md#connecting.

const chainClient = createPublicClient({ transport: http(E2E_RPC_URL) })
const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

test('connect a browser-extension wallet, see Account with address and balance, mint the pass, ownerOf agrees', async ({
  page,
  wallet,
}) => {
  await page.goto('/')
  await expect(page.getByText(/^\d+ \/ 1000$/)).toBeVisible()
  await connect(page)

  const accountButton = page.getByRole('banner').getByRole('button', { name: shortAddress(wallet.address) })
  await expect(accountButton).toBeVisible()
  await accountButton.click()
  const dialog = modal(page)
  await expect(dialog.getByRole('heading', { name: 'Account' })).toBeVisible()
  await expect(dialog.getByText(shortAddress(wallet.address))).toBeVisible()
  const balance = await chainClient.getBalance({ address: wallet.address })
  const [whole, fraction = ''] = formatEther(balance).split('.')
  const shown = fraction.slice(0, 3).replace(/0+$/, '')
  // The header's balance (the Tokens list shows the same amount once it loads).
  await expect(
    dialog.getByText(`Balance: ${whole}${shown ? `.${shown}` : ''} ETH`, { exact: true }),
  ).toBeVisible()
  await expect(dialog.getByText('Local devnet')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  const held = wallet.holdNext('eth_sendTransaction')
  await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
  await held.request
  await expect(page.getByText('Confirm the mint in your wallet…')).toBeVisible()
  await held.approve()
  await expect(page.getByText('Minted! Welcome aboard.')).toBeVisible()
  await expect(page.getByText(/You hold All-Access Pass #\d+\./)).toBeVisible()
  const { tokenId, owner } = await heldPass(page)
  expect(owner).toBe(wallet.address)
  await expect(page.getByRole('img', { name: `All-Access Pass #${tokenId}` })).toBeVisible()
})

test("User rejection: rejecting the connection shows 'Connection rejected', and Try again connects", async ({
  page,
  wallet,
}) => {
  await page.goto('/')
  // wagmi asks wallet_requestPermissions first, then eth_requestAccounts: reject whichever the wallet asks first.
  wallet.rejectNext()
  const dialog = await openModal(page)
  await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
  await expect(dialog.getByText('Connection rejected')).toHaveAttribute('role', 'alert')
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page.getByRole('banner').getByRole('button', { name: shortAddress(wallet.address) }),
  ).toBeVisible()
})

test('Persisted wallet state is restored on load: after a reload still connected, with no Connect flash', async ({
  page,
  wallet,
}) => {
  await page.goto('/')
  await connect(page)
  await expect(
    page.getByRole('banner').getByRole('button', { name: shortAddress(wallet.address) }),
  ).toBeVisible()

  // Every text the page ever shows from the first byte of the reload on.
  const seenTexts = await recordTextsOfNextLoad(page)
  await page.reload()
  await expect(
    page.getByRole('banner').getByRole('button', { name: shortAddress(wallet.address) }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mint for 0.01 ETH' })).toBeVisible()
  const seen = await seenTexts()
  expect(seen.length).toBeGreaterThan(0)
  expect(seen.filter((text) => /Connect Wallet|Connect wallet to mint/.test(text))).toEqual([])
})

test('a rejected mint says so plainly, and Try again mints again (not just the form back)', async ({
  page,
  wallet,
}) => {
  await page.goto('/')
  await connect(page)
  wallet.rejectNext('eth_sendTransaction')
  await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'You rejected the transaction in your wallet. Nothing was spent.',
  )
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByText('Minted! Welcome aboard.')).toBeVisible()
})

test('the RPC being down is said in plain words, and Retry recovers once it is back', async ({ page }) => {
  const networkDown = chainReads(E2E_RPC_URL)
  await page.route(networkDown, (route) => route.abort('connectionrefused'))
  await page.goto('/')
  await expect(page.getByText('Can’t load the pass: the network can’t be reached.')).toBeVisible()
  await page.unroute(networkDown)
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByText(/^\d+ \/ 1000$/)).toBeVisible()
})
