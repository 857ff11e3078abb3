import { addresses, uniswapV2Router02Abi } from '@allaccess/chain/deployments'
import {
  CONVERT_TEXTS,
  type ConvertQuotes,
  minimumReceived,
  SWAP_QUOTE_TTL_SECONDS,
} from '@allaccess/protocol'
import type { Locator, Page } from '@playwright/test'
import { erc20Abi, formatUnits, parseEther } from 'viem'
import { chainClient, mintTestUsd, openAccount, testUsdBalance } from '../support/account'
import { modalViolations } from '../support/axe'
import { expect, test } from '../support/fixtures'
import { overflowing } from '../support/overflow'

// The behaviour these tests check: docs/behaviour.md#swaps.

const QUOTES = /\/v1\/convert\/quotes\?/

async function openSwap(page: Page): Promise<Locator> {
  const dialog = await openAccount(page)
  await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  await expect(dialog.getByRole('heading', { name: 'Swap' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: /^Token to pay: ETH/ })).toBeVisible()
  return dialog
}

/** What the router gives today for `amountIn` along `path`: the swap's expected output. */
const amountsOut = async (amountIn: bigint, path: readonly `0x${string}`[]) =>
  (
    (await chainClient.readContract({
      address: addresses.uniswapV2Router02,
      abi: uniswapV2Router02Abi,
      functionName: 'getAmountsOut',
      args: [amountIn, path],
    })) as bigint[]
  ).at(-1) as bigint

/** The "You receive" figure, as a number. */
const shownOut = async (dialog: Locator) =>
  Number(await dialog.getByRole('status', { name: 'You receive' }).textContent())

test('Account offers Swap in the product order; 0.01 ETH → tUSD gives what the router quotes, within the slippage', async ({
  page,
  wallet,
}) => {
  const account = await openAccount(page)
  await expect(account.getByRole('button', { name: /^(Buy|Swap|Receive|Send)$/ })).toHaveText([
    'Buy',
    'Swap',
    'Receive',
    'Send',
  ])
  await account.getByRole('button', { name: 'Swap', exact: true }).click()
  const dialog = account
  await expect(dialog.getByRole('heading', { name: 'Swap' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: /^Token to receive: tUSD/ })).toBeVisible()
  await dialog.getByRole('textbox', { name: 'You pay' }).fill('0.01')
  await expect(dialog.getByLabel('Quote')).toContainText('1 ETH =')
  await expect(dialog.getByLabel('Quote')).toContainText('Minimum received')
  await expect(dialog.getByLabel('Quote')).toContainText('1%')
  const expected = await amountsOut(parseEther('0.01'), [addresses.weth9, addresses.testUsd])
  expect(await shownOut(dialog)).toBeCloseTo(Number(formatUnits(expected, 6)), 2)
  // The visitor's own slippage: refused past 50 %, taken at 0.5 %.
  await dialog.getByText('Slippage settings').click()
  const ownSlippage = dialog.getByRole('textbox', { name: 'Your own slippage tolerance (%)' })
  await ownSlippage.fill('60')
  await expect(dialog.getByRole('alert')).toHaveText('Enter a slippage tolerance from 0.01% to 50%')
  await expect(dialog.getByRole('button', { name: 'Review swap' })).toBeDisabled()
  // Unfolded, the settings fit the dialog (a fieldset and a field are as wide as their content by default).
  const [frame, review] = await Promise.all([
    dialog.boundingBox(),
    dialog.getByRole('button', { name: 'Review swap' }).boundingBox(),
  ])
  expect((review?.x ?? 0) + (review?.width ?? 0)).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0))
  await ownSlippage.fill('')
  await dialog.getByRole('button', { name: '0.5%' }).click()
  await expect(dialog.getByRole('button', { name: '0.5%' })).toHaveAttribute('aria-pressed', 'true')
  await expect(dialog.getByLabel('Quote')).toContainText('0.5%')

  await dialog.getByRole('button', { name: 'Review swap' }).click()
  await expect(dialog.getByRole('heading', { name: 'Review Swap' })).toBeVisible()
  const before = await testUsdBalance(wallet.address)
  const atSwap = await amountsOut(parseEther('0.01'), [addresses.weth9, addresses.testUsd])
  await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  // The done view says both amounts; its hash is short, with Copy and the explorer; nothing spills out.
  await expect(dialog.getByText(/^Swapped 0\.01 ETH for [\d.]+ tUSD$/)).toBeVisible()
  await expect(dialog.locator('code')).toHaveText(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/)
  await expect(dialog.getByRole('button', { name: 'Copy transaction hash' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeInViewport({ ratio: 1 })
  expect(await overflowing(dialog)).toEqual([])
  const received = (await testUsdBalance(wallet.address)) - before
  expect(received).toBeLessThanOrEqual(atSwap)
  expect(received).toBeGreaterThanOrEqual(minimumReceived(atSwap, 0.5))

  // Done: Account again, the new balance in Tokens (refreshed, not the 30 s cache).
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog.getByRole('heading', { name: 'Account' })).toBeVisible()
  // A fresh start: no Back on Account after Done.
  await expect(dialog.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0)
  await expect(
    dialog.getByRole('list', { name: 'Tokens' }).getByRole('listitem').filter({ hasText: 'Test USD' }),
  ).toContainText(`${formatUnits(received, 6).slice(0, 5)}`)
})

test('tUSD → ETH: picked by search, the approve step first, then the swap', async ({ page, wallet }) => {
  await mintTestUsd(wallet.address, '100')
  const dialog = await openSwap(page)
  await dialog.getByRole('button', { name: /^Token to pay: ETH/ }).click()
  await expect(dialog.getByRole('heading', { name: 'Token to Pay' })).toBeVisible()
  await dialog.getByRole('searchbox', { name: 'Search tokens' }).fill('usd')
  const list = dialog.getByRole('list', { name: 'Tokens' })
  await expect(list.getByRole('button')).toHaveCount(1)
  await expect(list.getByRole('button')).toContainText('100')
  await list.getByRole('button', { name: /tUSD/ }).click()
  // Picking the token on the other side turns the swap around.
  await expect(dialog.getByRole('button', { name: /^Token to pay: tUSD/ })).toBeVisible()
  await expect(dialog.getByRole('button', { name: /^Token to receive: ETH/ })).toBeVisible()
  await dialog.getByRole('textbox', { name: 'You pay' }).fill('5')
  await dialog.getByRole('button', { name: 'Review: approve tUSD, then swap' }).click()
  await expect(dialog.getByRole('heading', { name: 'Review Swap' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Approve tUSD' }).click()
  const swap = dialog.getByRole('button', { name: 'Swap', exact: true })
  await expect(swap).toBeEnabled()
  // The approval is for this swap's 5 tUSD, never unlimited.
  expect(
    await chainClient.readContract({
      address: addresses.testUsd,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [wallet.address, addresses.uniswapV2Router02],
    }),
  ).toBe(5_000_000n)
  const ethBefore = await chainClient.getBalance({ address: wallet.address })
  await swap.click()
  await expect(dialog.getByText(/^Swapped 5 tUSD for [\d.]+ ETH$/)).toBeVisible()
  expect(await testUsdBalance(wallet.address)).toBe(95_000_000n)
  // About 5 / 3000 ETH came in, less the gas paid.
  expect(await chainClient.getBalance({ address: wallet.address })).toBeGreaterThan(ethBefore)
})

test('a token the wallet does not hold: Not enough funds before Review, nothing to approve', async ({
  page,
  wallet: _wallet,
}) => {
  const dialog = await openSwap(page)
  await dialog.getByRole('button', { name: /^Token to pay: ETH/ }).click()
  await dialog.getByRole('searchbox', { name: 'Search tokens' }).fill('gold')
  await dialog.getByRole('list', { name: 'Tokens' }).getByRole('button', { name: /TGLD/ }).click()
  await dialog.getByRole('textbox', { name: 'You pay' }).fill('1')
  await expect(dialog.getByRole('alert')).toHaveText('Not enough funds')
  // The quote still shows (the rate is worth seeing); Review stays off, so no approval spends gas.
  await expect(dialog.getByLabel('Quote')).toContainText('Rate')
  await expect(dialog.getByRole('button', { name: /^Review/ })).toBeDisabled()
  // A disabled button looks it: faded, no pointer.
  const look = await dialog
    .getByRole('button', { name: /^Review/ })
    .evaluate((button) => [getComputedStyle(button).opacity, getComputedStyle(button).cursor])
  expect(look).toEqual(['0.5', 'not-allowed'])
})

test('on a 320 px phone the Account actions and the whole Swap form stay inside the modal', async ({
  page,
  wallet: _wallet,
}) => {
  await page.setViewportSize({ width: 320, height: 640 })
  const dialog = await openAccount(page)
  await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  expect(await overflowing(dialog)).toEqual([])
  await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  await expect(dialog.getByRole('button', { name: /^Token to pay: ETH/ })).toBeVisible()
  await dialog.getByRole('textbox', { name: 'You pay' }).fill('0.01')
  await expect(dialog.getByLabel('Quote')).toContainText('Minimum received')
  await dialog.getByText('Slippage settings').click()
  expect(await overflowing(dialog)).toEqual([])
})

test("a quote on a network swaps don't support says 'Network not supported for Swaps'", async ({
  page,
  wallet: _wallet,
}) => {
  // The page asks on chain 5 instead (rewritten in flight): the real cloud's answer reaches the view.
  await page.route(QUOTES, (route) =>
    route.continue({ url: route.request().url().replaceAll('eip155%3A31337', 'eip155%3A5') }),
  )
  const dialog = await openSwap(page)
  await dialog.getByRole('textbox', { name: 'You pay' }).fill('0.01')
  await expect(dialog.getByRole('alert')).toHaveText(CONVERT_TEXTS.swapsUnsupported)
  await expect(dialog.getByRole('button', { name: 'Review swap' })).toBeDisabled()
})

test('a stale quote is not used: a late answer to an older amount is dropped, an expired quote is asked again', async ({
  page,
  wallet: _wallet,
}) => {
  await page.clock.install()
  const answers: { amount: string; toAmount: string }[] = []
  let held = true
  await page.route(QUOTES, async (route) => {
    const amount = new URL(route.request().url()).searchParams.get('amount') ?? ''
    // The first question (0.01 ETH) is answered last.
    if (held && amount === parseEther('0.01').toString()) {
      held = false
      const response = await route.fetch()
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      const body = (await response.json()) as ConvertQuotes
      answers.push({ amount, toAmount: body.quotes[0]?.toAmount ?? '' })
      return route.fulfill({ response, json: body })
    }
    const response = await route.fetch()
    const body = (await response.json()) as ConvertQuotes
    answers.push({ amount, toAmount: body.quotes[0]?.toAmount ?? '' })
    return route.fulfill({ response, json: body })
  })
  const dialog = await openSwap(page)
  const input = dialog.getByRole('textbox', { name: 'You pay' })
  await input.fill('0.01')
  await page.clock.runFor(400)
  await expect.poll(() => held).toBe(false)
  await input.fill('0.02')
  await page.clock.runFor(400)
  await expect.poll(() => answers.length).toBe(2)
  const latest = answers.find((answer) => answer.amount === parseEther('0.02').toString())
  expect(answers.at(-1)?.amount).toBe(parseEther('0.01').toString())
  // The 0.02 ETH answer stays, though the 0.01 one came after it.
  expect(await shownOut(dialog)).toBeCloseTo(Number(formatUnits(BigInt(latest?.toAmount ?? 0), 6)), 2)

  // Past the quote's time, Review does not go on at its price: a new quote is asked.
  await page.clock.fastForward((SWAP_QUOTE_TTL_SECONDS + 1) * 1000)
  await dialog.getByRole('button', { name: 'Review swap' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('The quote expired: a new one is on its way')
  await expect(dialog.getByRole('heading', { name: 'Swap' })).toBeVisible()
  await page.clock.runFor(400)
  await expect.poll(() => answers.length).toBe(3)
  await expect(dialog.getByRole('button', { name: 'Review swap' })).toBeEnabled()
})

test.describe('axe on the swap views, in the light and dark themes', () => {
  test(`Swap with a quote, Token to Pay, Review Swap and done have no axe violations (light and dark)`, async ({
    page,
    wallet: _wallet,
  }) => {
    const dialog = await openSwap(page)
    await dialog.getByRole('textbox', { name: 'You pay' }).fill('0.001')
    await expect(dialog.getByLabel('Quote')).toContainText('Price impact')
    // The slippage settings unfolded, a preset pressed and a warning shown.
    await dialog.getByText('Slippage settings').click()
    await dialog.getByRole('textbox', { name: 'Your own slippage tolerance (%)' }).fill('7')
    await expect(
      dialog.getByText('With this much slippage the swap may give much less than quoted'),
    ).toBeVisible()
    expect(await modalViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: '3%' }).click()
    expect(await modalViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: /^Token to pay/ }).click()
    await expect(dialog.getByRole('heading', { name: 'Token to Pay' })).toBeVisible()
    expect(await modalViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Back' }).click()
    await dialog.getByRole('button', { name: 'Review swap' }).click()
    await expect(dialog.getByRole('heading', { name: 'Review Swap' })).toBeVisible()
    expect(await modalViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
    await expect(dialog.getByText(/^Swapped 0.001 ETH/)).toBeVisible()
    expect(await modalViolations(page)).toEqual([])
  })
})
