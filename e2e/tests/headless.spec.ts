import { devAccounts } from '@allaccess/chain'
import { EMBEDDED_TEXTS } from '@allaccess/protocol'
import { waitForCode } from '@allaccess/testkit/mailbox'
import { MAILBOX_URL } from '../support/embeddedWallet'
import { expect, test } from '../support/fixtures'
import { newEmail } from '../support/frameRequest'
import { gotoHeadlessPage } from '../support/headlessPage'

// The behaviour these tests check: docs/packages.md#headless (a connect menu of the site's own on the modal's
// state and rules: docs/behaviour.md#wallet-picker, #connecting, #opening, #balance, #email). Its social sign-in is
// in social.spec.ts, whose identity provider one test takes down.

const receiver = (devAccounts[2] as (typeof devAccounts)[number]).address

test("the headless example's own menu lists the wallets by section, connects the testkit wallet, shows its balance and sends ETH; the modal's dialog never opens", async ({
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
  await expect(account.getByText(/^Balance: 10(\.0+)? ETH$/)).toBeVisible()

  // Send through the page's own form: the modal's checks and texts, the fee estimated, exactly that plan sent.
  await account.getByRole('button', { name: 'Send' }).click()
  const form = account.getByRole('form', { name: 'Send' })
  await form.getByRole('textbox', { name: /^Amount \(ETH\)/ }).fill('0.5')
  await form.getByRole('textbox', { name: 'To' }).fill('0x1234')
  await form.getByRole('button', { name: 'Review' }).click()
  await expect(form.getByRole('status')).toHaveText(
    'The receiver address is not valid: 40 hex characters, 0x optional',
  )
  await form.getByRole('textbox', { name: 'To' }).fill(receiver)
  await form.getByRole('button', { name: 'Review' }).click()
  await expect(form.getByText(/^Network fee: 0\.\d+ ETH$/)).toBeVisible()
  await form.getByRole('button', { name: 'Confirm' }).click()
  await expect(form.getByRole('status')).toHaveText(/^Sent: 0x[0-9a-f]{64}$/)
  // The balances are read again once the transaction is in: 10 less 0.5 and the fee.
  await expect(account.getByText(/^Balance: 9\.49\d ETH$/)).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await account.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible()
})

test("the headless example's own e-mail form signs in with the e-mailed code (the modal's check and texts on the way); the modal's dialog never opens", async ({
  page,
}) => {
  await gotoHeadlessPage(page)
  await page.getByRole('button', { name: 'Connect' }).click()
  const form = page
    .getByRole('region', { name: 'Connect menu' })
    .getByRole('form', { name: 'E-mail sign-in' })
  await form.getByRole('textbox', { name: 'E-mail' }).fill('not an address')
  await form.getByRole('button', { name: 'Continue with e-mail' }).click()
  await expect(form.getByRole('status')).toHaveText('Enter a valid e-mail address.')

  const email = newEmail()
  const after = Date.now()
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await form.getByRole('button', { name: 'Continue with e-mail' }).click()
  const code = form.getByRole('textbox', { name: `The code sent to ${email}` })
  await expect(code).toBeVisible({ timeout: 20_000 })
  // The 30 s between code e-mails, counted down as the modal's view does.
  await expect(form.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled()
  await code.fill('000000')
  await form.getByRole('button', { name: 'Verify' }).click()
  await expect(form.getByRole('status')).toHaveText(EMBEDDED_TEXTS.wrongCode)
  await code.fill(await waitForCode(MAILBOX_URL, email, { after }))
  await form.getByRole('button', { name: 'Verify' }).click()

  // Signed in: the opening rules say Account, so the menu gives way to the page's own panel; the button names it.
  const account = page.getByRole('button', { name: /^0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/ })
  await expect(account).toBeVisible({ timeout: 20_000 })
  await expect(
    page.getByRole('region', { name: 'Account' }).getByText(/^0x[0-9a-fA-F]{40} on /),
  ).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
