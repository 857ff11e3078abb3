import { expect, type modal, openModal, test } from '../support/fixtures'
import { gotoOptionsPage, OPTIONS_PAGE_URL } from '../support/optionsPage'

// The behaviour these tests check: docs/behaviour.md#switches.

const TERMS_URL = `${OPTIONS_PAGE_URL}terms`
const PRIVACY_URL = `${OPTIONS_PAGE_URL}privacy`
const AGREE = 'I agree to the Terms of Service and the Privacy Policy'

const account = (page: Parameters<typeof modal>[0]) =>
  page.evaluate(
    () => (window as unknown as { modal: { getAccount(): { address?: string } } }).modal.getAccount().address,
  )

test('legal checkbox (off by default): on, no wallet button works until the visitor accepts the terms and privacy policy, linked from the options', async ({
  page,
  wallet,
}) => {
  await gotoOptionsPage(page, {
    features: { legalCheckbox: true },
    termsConditionsUrl: TERMS_URL,
    privacyPolicyUrl: PRIVACY_URL,
  })
  const dialog = await openModal(page)
  const agree = dialog.getByRole('checkbox', { name: AGREE })
  await expect(agree).not.toBeChecked()
  await expect(agree).toBeFocused()
  await expect(dialog.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', TERMS_URL)
  await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', PRIVACY_URL)
  const testkit = dialog.getByRole('button', { name: 'Testkit Wallet' })
  await expect(testkit).toBeDisabled()
  await expect(dialog.getByRole('button', { name: 'MetaMask' })).toBeDisabled()
  await expect(dialog.getByRole('button', { name: 'All Wallets' })).toBeDisabled()
  // A click on a held-back wallet does nothing: the view stays, the wallet is not asked.
  await testkit.click({ force: true })
  await expect(dialog).toHaveAccessibleName('Connect Wallet')
  expect(await account(page)).toBeUndefined()

  await agree.check()
  await expect(testkit).toBeEnabled()
  await expect(dialog.getByRole('button', { name: 'All Wallets' })).toBeEnabled()
  // Taking it back holds the wallets back again.
  await agree.uncheck()
  await expect(testkit).toBeDisabled()
  await agree.check()
  await testkit.click()
  await expect(dialog).toBeHidden()
  expect(await account(page)).toBe(wallet.address)
})

test('legal checkbox: with neither link in the options there is nothing to accept, and no checkbox', async ({
  page,
  wallet: _wallet,
}) => {
  await gotoOptionsPage(page, { features: { legalCheckbox: true } })
  const dialog = await openModal(page)
  await expect(dialog.getByRole('button', { name: 'Testkit Wallet' })).toBeEnabled()
  await expect(dialog.getByRole('checkbox')).toHaveCount(0)
})

test(`collapse wallets (off by default): on, the Connect view shows one 'Continue with a wallet' entry, which opens the wallet list`, async ({
  page,
  wallet,
}) => {
  await gotoOptionsPage(page, { features: { collapseWallets: true } })
  const dialog = await openModal(page)
  const proceed = dialog.getByRole('button', { name: 'Continue with a wallet' })
  await expect(proceed).toBeFocused()
  await expect(dialog.getByRole('list', { name: 'Wallets' })).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'All Wallets' })).toHaveCount(0)

  await proceed.click()
  await expect(dialog).toHaveAccessibleName('Connect Wallet')
  const wallets = dialog.getByRole('list', { name: 'Wallets' })
  await expect(wallets.getByRole('button', { name: 'MetaMask' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'All Wallets' })).toBeVisible()
  await expect(proceed).toHaveCount(0)
  // Back leads to the one entry again; the list connects.
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  await expect(proceed).toBeVisible()
  await proceed.click()
  await wallets.getByRole('button', { name: 'Testkit Wallet' }).click()
  await expect(dialog).toBeHidden()
  expect(await account(page)).toBe(wallet.address)
})

test(`legal checkbox with collapse wallets: 'Continue with a wallet' waits for the visitor to accept`, async ({
  page,
  wallet: _wallet,
}) => {
  await gotoOptionsPage(page, {
    features: { legalCheckbox: true, collapseWallets: true },
    termsConditionsUrl: TERMS_URL,
  })
  const dialog = await openModal(page)
  const proceed = dialog.getByRole('button', { name: 'Continue with a wallet' })
  await expect(proceed).toBeDisabled()
  await dialog.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check()
  await proceed.click()
  await expect(dialog.getByRole('button', { name: 'Testkit Wallet' })).toBeEnabled()
})
