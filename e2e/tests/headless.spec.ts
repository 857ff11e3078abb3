import { expect, test } from '../support/fixtures'
import { gotoHeadlessPage } from '../support/headlessPage'

// The behaviour these tests check: docs/packages.md#headless (a connect menu of the site's own on the modal's
// state and rules: docs/behaviour.md#wallet-picker, #connecting, #opening, #balance).

test("the headless example's own menu lists the wallets by section, connects the testkit wallet and shows its balance; the modal's dialog never opens", async ({
  page,
  wallet,
}) => {
  await gotoHeadlessPage(page)
  await page.getByRole('button', { name: 'Connect' }).click()
  const menu = page.getByRole('region', { name: 'Connect menu' })
  // The browser has a wallet (the testkit's, announced by EIP-6963): its section lists it as installed.
  const installed = menu.getByRole('region', { name: 'In this browser' })
  await installed.getByRole('button', { name: 'Testkit Wallet (installed)' }).click()
  // The opening rules now say Account: the menu gives way to the page's own account panel, the button names
  // the address.
  await expect(menu).toBeHidden()
  await expect(
    page.getByRole('button', { name: `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}` }),
  ).toBeVisible()
  const account = page.getByRole('region', { name: 'Account' })
  await expect(account.getByText(wallet.address)).toBeVisible()
  await expect(account.getByText(/^Balance: \d+(\.\d+)? ETH$/)).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await account.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible()
})
