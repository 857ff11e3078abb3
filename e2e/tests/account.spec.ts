import { devAccounts } from '@allaccess/chain'
import { addresses } from '@allaccess/chain/deployments'
import { AccountErrorText, TOKEN_BALANCE_RETRY_MS } from '@allaccess/modal/testing'
import { chainClient, countAccountCalls, mintTestUsd, openAccount, testUsdBalance } from '../support/account'
import { expect, test } from '../support/fixtures'
import { E2E_EXPLORER_URL } from '../support/ports'

// The behaviour these tests check: docs/behaviour.md#account, #balances, #activity, #asset-discovery, #send and
// #receive.

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
/** Dev account #2 (devAccounts[0] is the deployer, #1–#5 hold the seeded tokens). */
const devAccount2 = (devAccounts[2] as (typeof devAccounts)[number]).address

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

test('Account keeps its height between tabs; a toast goes with its view; Back to account leaves no Back', async ({
  page,
  wallet: _wallet,
}) => {
  const dialog = await openAccount(page)
  const tabs = dialog.getByRole('tablist', { name: 'Account' })
  const heights: number[] = []
  for (const tab of ['Tokens', 'NFTs', 'Activity', 'Tokens']) {
    await tabs.getByRole('tab', { name: tab }).click()
    await expect(dialog.getByRole('tabpanel', { name: tab })).toBeVisible()
    await expect(dialog.getByText(/^Loading/)).toHaveCount(0)
    heights.push(Math.round((await dialog.boundingBox())?.height ?? 0))
  }
  expect(new Set(heights).size, `heights ${heights.join(', ')}`).toBe(1)

  await dialog.getByRole('button', { name: 'Copy address' }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'Address copied' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Receive', exact: true }).click()
  await expect(dialog.getByRole('heading', { name: 'Receive' })).toBeVisible()
  await expect(dialog.getByText('Address copied')).toHaveCount(0)
})

test('Account: the header, the feature buttons and the tabs as a tablist', async ({ page, wallet }) => {
  const dialog = await openAccount(page)
  await expect(dialog.getByText(short(wallet.address))).toBeVisible()
  await expect(dialog.getByText(/^Balance: 10 ETH$/)).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Copy address' })).toBeVisible()
  await expect(dialog.getByRole('link', { name: /^Block explorer/ })).toHaveAttribute(
    'href',
    `${E2E_EXPLORER_URL}/address/${wallet.address}`,
  )
  await expect(dialog.getByText('Connected with Testkit Wallet')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Disconnect' })).toBeVisible()
  // The wallet's feature buttons in the product's order: receive, then send.
  const features = dialog.getByRole('button', { name: /^(Receive|Send)$/ })
  await expect(features).toHaveText(['Receive', 'Send'])

  const tabs = dialog.getByRole('tablist', { name: 'Account' })
  await expect(tabs.getByRole('tab')).toHaveText(['Tokens', 'NFTs', 'Activity'])
  await expect(tabs.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true')
  await tabs.getByRole('tab', { name: 'Tokens' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(tabs.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true')
  await expect(tabs.getByRole('tab', { name: 'NFTs' })).toBeFocused()
  await expect(dialog.getByRole('tabpanel', { name: 'NFTs' })).toBeVisible()
  await page.keyboard.press('End')
  await expect(dialog.getByRole('tabpanel', { name: 'Activity' })).toBeVisible()

  // The network button opens the network list, the account's network marked current.
  await dialog.getByRole('button', { name: /^Network: Local devnet/ }).click()
  await expect(dialog.getByRole('heading', { name: 'Networks' })).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Networks' }).locator('[aria-current="true"]')).toContainText(
    'Local devnet',
  )
})

test("the cloud answering 500: 'Token Balance Unavailable' and 'Failed to fetch transactions', no retry before 30 s", async ({
  page,
  wallet: _wallet,
}) => {
  await page.clock.install()
  const calls = countAccountCalls(page)
  await page.route(/\/v1\/account\/[^/]+\/(balance|history)\?/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  )
  const dialog = await openAccount(page)
  await expect(
    dialog.getByRole('alert').filter({ hasText: AccountErrorText.tokenBalanceUnavailable }),
  ).toBeVisible()
  await expect(dialog.getByRole('tabpanel', { name: 'Tokens' })).toContainText(
    AccountErrorText.tokenBalanceUnavailable,
  )
  // Just after the failure, by the page's clock (which runs on meanwhile).
  const failedAt = await page.evaluate(() => Date.now())
  // The quiet read on connect, and the open's own unless it shared that one in flight.
  const asked = calls.of('balance')
  expect([1, 2]).toContain(asked)

  await dialog.getByRole('tab', { name: 'Activity' }).click()
  await expect(
    dialog.getByRole('alert').filter({ hasText: AccountErrorText.failedToFetchTransactions }),
  ).toBeVisible()
  // The tab says what is missing beside the banner, never that there is none.
  await expect(dialog.getByText(AccountErrorText.activityUnavailable)).toBeVisible()
  await expect(dialog.getByText('No activity yet')).toHaveCount(0)

  // Opened again 27 s after the failure (the clock held there; a margin for when the call was seen): answered
  // from memory, the cloud is not asked.
  await page.keyboard.press('Escape')
  await page.clock.pauseAt(failedAt + TOKEN_BALANCE_RETRY_MS - 3_000)
  await page.getByRole('banner').getByRole('button', { name: /0x/ }).click()
  await dialog.getByRole('tab', { name: 'Tokens' }).click()
  await expect(dialog.getByRole('tabpanel', { name: 'Tokens' })).toContainText(
    AccountErrorText.tokenBalanceUnavailable,
  )
  expect(calls.of('balance')).toBe(asked)

  // Past 30 s it asks again.
  await page.keyboard.press('Escape')
  await page.clock.fastForward(4_000)
  await page.clock.resume()
  await page.getByRole('banner').getByRole('button', { name: /0x/ }).click()
  await expect.poll(() => calls.of('balance')).toBe(asked + 1)
})

test('a wallet that discovers its assets: Tokens come from it and no balance call reaches the cloud; Send 5 tUSD to dev account #2', async ({
  page,
  installWallet,
}) => {
  const wallet = await installWallet({ assetDiscovery: { tokens: [addresses.testUsd] } })
  await mintTestUsd(wallet.address, '100')
  const calls = countAccountCalls(page)
  const dialog = await openAccount(page)
  const tokens = dialog.getByRole('list', { name: 'Tokens' })
  await expect(tokens.getByRole('listitem').filter({ hasText: 'Test USD' })).toContainText('100 tUSD')
  await expect(tokens.getByRole('listitem').filter({ hasText: 'Ether' })).toContainText('10 ETH')
  expect(calls.of('balance')).toBe(0)

  const before = await testUsdBalance(devAccount2)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog.getByRole('heading', { name: 'Send' })).toBeVisible()
  await dialog.getByRole('combobox', { name: 'Token' }).selectOption({ label: 'tUSD — 100 available' })
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('5')
  await dialog.getByRole('textbox', { name: 'Receiver address' }).fill(devAccount2)
  await dialog.getByRole('button', { name: 'Preview send' }).click()
  await expect(dialog.getByRole('heading', { name: 'Review Send' })).toBeVisible()
  await expect(dialog.getByText('5 tUSD')).toBeVisible()
  // The estimated network fee, the summary's last entry.
  await expect(dialog.getByRole('definition').last()).toHaveText(/^0\.\d+ ETH$/)

  const held = wallet.holdNext('eth_sendTransaction')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  const request = await held.request
  // A legacy-type transaction with the estimated gas and gas price.
  expect(request.params).toEqual([
    expect.objectContaining({ type: '0x0', gas: expect.any(String), gasPrice: expect.any(String) }),
  ])
  await expect(dialog.getByText('Approve in wallet')).toBeVisible()
  held.approve()
  await expect(dialog.getByRole('status').filter({ hasText: 'Sent 5 tUSD' })).toBeVisible()
  expect(await testUsdBalance(devAccount2)).toBe(before + 5_000_000n)
  expect(await testUsdBalance(wallet.address)).toBe(95_000_000n)

  // Balances are read again after the send: from the wallet, still not from the cloud.
  await dialog.getByRole('button', { name: 'Back to account' }).click()
  await expect(tokens.getByRole('listitem').filter({ hasText: 'Test USD' })).toContainText('95 tUSD')
  expect(calls.of('balance')).toBe(0)
})

test("Send's form: the product's texts, a wrong receiver, not enough funds, a send rejected in the wallet", async ({
  page,
  installWallet,
}) => {
  const wallet = await installWallet({ assetDiscovery: { tokens: [addresses.testUsd] } })
  const dialog = await openAccount(page)
  await expect(dialog.getByRole('list', { name: 'Tokens' })).toContainText('10 ETH')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  const amount = dialog.getByRole('textbox', { name: 'Amount' })
  const receiver = dialog.getByRole('textbox', { name: 'Receiver address' })
  const preview = dialog.getByRole('button', { name: 'Preview send' })
  const error = dialog.getByRole('alert')

  await preview.click()
  await expect(error).toHaveText(AccountErrorText.amountAndReceiverRequired)
  await amount.fill('1')
  await dialog.getByRole('combobox', { name: 'Token' }).selectOption({ label: 'Choose a token' })
  await receiver.fill(devAccount2)
  await preview.click()
  await expect(error).toHaveText(AccountErrorText.tokenRequired)
  await dialog.getByRole('combobox', { name: 'Token' }).selectOption({ label: 'ETH — 10 available' })
  await receiver.fill('0x1234')
  await preview.click()
  await expect(error).toHaveText(`${AccountErrorText.invalidReceiver}: 40 hex characters, 0x optional`)
  await receiver.fill(devAccount2.toLowerCase())
  await amount.fill('11')
  await preview.click()
  await expect(error).toHaveText(AccountErrorText.notEnoughFunds)

  await amount.fill('0.5')
  await preview.click()
  // The estimated network fee, the summary's last entry.
  await expect(dialog.getByRole('definition').last()).toHaveText(/^0\.\d+ ETH$/)
  wallet.rejectNext('eth_sendTransaction')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog.getByRole('alert')).toHaveText(AccountErrorText.transactionRejected)
  expect(await chainClient.getBalance({ address: wallet.address })).toBe(10n ** 19n)
})

test('Receive: the address as a QR code and as text, Copy, and the networks it works on', async ({
  page,
  wallet,
}) => {
  const dialog = await openAccount(page)
  await dialog.getByRole('button', { name: 'Receive' }).click()
  await expect(dialog.getByRole('heading', { name: 'Receive' })).toBeVisible()
  await expect(dialog.getByRole('figure', { name: 'QR code of your address' })).toBeVisible()
  await expect(dialog.getByText(wallet.address)).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Networks' })).toHaveText('Local devnet')
  await dialog.getByRole('button', { name: 'Copy address' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallet.address)
})
