import {
  ONRAMP_TEST_CARDS,
  ONRAMP_TEST_CONFIRMATION_CODE,
  ONRAMP_TEXTS,
  onrampLimitTexts,
} from '@allaccess/protocol'
import type { Locator, Page } from '@playwright/test'
import { openAccount, testUsdBalance } from '../support/account'
import { expectAccessible, pageViolations } from '../support/axe'
import { expect, modal, test } from '../support/fixtures'

// The behaviour these tests check: docs/behaviour.md#on-ramp.

/** From Account: Buy, the sandbox provider, then the amount view with the default currencies. */
async function openBuy(page: Page): Promise<Locator> {
  const dialog = await openAccount(page)
  await dialog.getByRole('button', { name: 'Buy', exact: true }).click()
  await expect(dialog).toHaveAccessibleName('Buy')
  await dialog
    .getByRole('list', { name: 'Providers' })
    .getByRole('button', { name: /^Sandbox Pay/ })
    .click()
  await expect(dialog).toHaveAccessibleName('Buy crypto')
  // The devnet has no USDC: the form names what arrives there (USDC is the default where it is offered).
  await expect(dialog.getByRole('combobox', { name: 'Buy' })).toHaveValue('tUSD')
  await expect(dialog.getByRole('combobox', { name: 'Pay with' })).toHaveValue('USD')
  return dialog
}

/** Types the amount and waits for the quote. */
async function quoted(dialog: Locator, amount: string) {
  await dialog.getByRole('textbox', { name: 'Amount (USD)' }).fill(amount)
  await expect(dialog.getByRole('definition').first()).toBeVisible()
}

/** Buy opens the provider's checkout in a window of its own. */
async function checkout(page: Page, dialog: Locator): Promise<Page> {
  const popup = page.waitForEvent('popup')
  await dialog.getByRole('button', { name: 'Buy with Sandbox Pay' }).click()
  const checkoutPage = await popup
  await expect(checkoutPage.getByRole('heading', { name: 'Pay with card' })).toBeVisible()
  return checkoutPage
}

async function payWithCard(checkoutPage: Page, card: string) {
  await checkoutPage.getByRole('textbox', { name: 'Card number' }).fill(card)
  await checkoutPage.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34')
  await checkoutPage.getByRole('textbox', { name: 'CVC' }).fill('123')
  await checkoutPage.getByRole('button', { name: 'Pay' }).click()
}

test('buy 50 USD of tUSD with the good test card: the form, checkout, done view and Activity all name tUSD', async ({
  page,
  wallet,
}) => {
  test.setTimeout(120_000)
  const before = await testUsdBalance(wallet.address)
  const dialog = await openBuy(page)
  await quoted(dialog, '50')
  const quote = dialog.getByRole('definition')
  await expect(quote).toHaveText(['49.24 tUSD', '0.75 USD', '0.01 USD', '50.00 USD'])

  const checkoutPage = await checkout(page, dialog)
  await expect(dialog).toHaveAccessibleName('Complete your purchase')
  await expect(checkoutPage.getByRole('textbox', { name: 'Amount (USD)' })).toHaveValue('50.00')
  await expect(checkoutPage.getByText('Buying tUSD for', { exact: false })).toBeVisible()
  await payWithCard(checkoutPage, ONRAMP_TEST_CARDS.succeeds)
  await checkoutPage.getByRole('textbox', { name: 'Confirmation code' }).fill(ONRAMP_TEST_CONFIRMATION_CODE)
  await checkoutPage.getByRole('button', { name: 'Confirm' }).click()

  // The modal closes the provider's window once the tokens are sent.
  await expect(dialog).toHaveAccessibleName('Purchase complete')
  await expect(dialog.getByRole('status').filter({ hasText: '49.24 tUSD' })).toBeVisible()
  await expect.poll(() => checkoutPage.isClosed()).toBe(true)
  expect(await testUsdBalance(wallet.address)).toBe(before + 49_240_000n)

  // Activity shows the delivery without the test waiting for the cloud's indexer: the modal keeps asking until
  // the indexer, a block poll behind the chain, lists it (docs/behaviour.md#activity).
  await dialog.getByRole('button', { name: 'Back to account' }).click()
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  await expect(dialog.getByRole('region', { name: 'Today' })).toContainText('Received 49.24 tUSD')
})

test('a declined card says so, in the checkout and in the modal', async ({ page, wallet: _wallet }) => {
  const dialog = await openBuy(page)
  await quoted(dialog, '50')
  const checkoutPage = await checkout(page, dialog)
  await payWithCard(checkoutPage, ONRAMP_TEST_CARDS.declined)
  await expect(checkoutPage.getByRole('alert')).toHaveText(ONRAMP_TEXTS.declined)
  await expect(dialog.getByRole('alert')).toHaveText(ONRAMP_TEXTS.declined)

  // Closing the provider's window before paying fails the purchase.
  await checkoutPage.close()
  await expect(dialog.getByRole('alert')).toHaveText(ONRAMP_TEXTS.popupClosed)
})

test('5 USD and 8,000 USD by card: the limit texts, and no quote; 8,000 USD by bank account is quoted', async ({
  page,
  wallet: _wallet,
}) => {
  const dialog = await openBuy(page)
  const amount = dialog.getByRole('textbox', { name: 'Amount (USD)' })
  const buy = dialog.getByRole('button', { name: 'Buy with Sandbox Pay' })
  await amount.fill('5')
  await expect(dialog.getByRole('alert')).toHaveText(onrampLimitTexts.min('card', 10, 'USD'))
  await expect(amount).toHaveAttribute('aria-invalid', 'true')
  await expect(buy).toBeDisabled()
  await amount.fill('8000')
  await expect(dialog.getByRole('alert')).toHaveText('The maximum purchase by card is 7,500 USD')
  await expect(buy).toBeDisabled()
  await dialog.getByRole('combobox', { name: 'Payment method' }).selectOption({ label: 'Bank account' })
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await expect(dialog.getByRole('definition').first()).toHaveText('7879.99 tUSD')
  await expect(buy).toBeEnabled()
})

test.describe('in a restricted timezone', () => {
  test.use({ timezoneId: 'Asia/Shanghai' })
  test('the on-ramp is not offered', async ({ page, wallet: _wallet }) => {
    const dialog = await openAccount(page)
    await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Buy', exact: true })).toHaveCount(0)
  })
})

test(`the on-ramp's views have no axe violations, to the purchase's end (light and dark)`, async ({
  page,
  wallet: _wallet,
}) => {
  test.setTimeout(120_000)
  const dialog = await openAccount(page)
  // The product's order: Buy first, then Receive and Send.
  await expect(dialog.getByRole('button', { name: /^(Buy|Receive|Send)$/ })).toHaveText([
    'Buy',
    'Receive',
    'Send',
  ])
  await dialog.getByRole('button', { name: 'Buy', exact: true }).click()
  await expectAccessible(page, 'Buy')
  await dialog.getByRole('button', { name: /^Sandbox Pay/ }).click()
  await dialog.getByRole('textbox', { name: 'Amount (USD)' }).fill('5')
  await expect(dialog.getByRole('alert')).toBeVisible()
  await expectAccessible(page, 'Buy crypto')
  await quoted(dialog, '50')
  await expectAccessible(page, 'Buy crypto')
  const checkoutPage = await checkout(page, dialog)
  await expectAccessible(page, 'Complete your purchase')
  // The provider's own page.
  expect(await pageViolations(checkoutPage)).toEqual([])
  await payWithCard(checkoutPage, ONRAMP_TEST_CARDS.succeeds)
  await expect(checkoutPage.getByRole('heading', { name: 'Confirm with your bank' })).toBeVisible()
  expect(await pageViolations(checkoutPage)).toEqual([])
  await checkoutPage.close()
  await expect(modal(page).getByRole('alert')).toHaveText(ONRAMP_TEXTS.popupClosed)
  await expectAccessible(page, 'Complete your purchase')
  // Try again, this time to the end: OnRampDone.
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await quoted(dialog, '50')
  const again = await checkout(page, dialog)
  await payWithCard(again, ONRAMP_TEST_CARDS.succeeds)
  await again.getByRole('textbox', { name: 'Confirmation code' }).fill(ONRAMP_TEST_CONFIRMATION_CODE)
  await again.getByRole('button', { name: 'Confirm' }).click()
  await expect(dialog).toHaveAccessibleName('Purchase complete')
  await expectAccessible(page, 'Purchase complete')
})
