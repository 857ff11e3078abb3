import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { waitForCode } from '@allaccess/testkit/mailbox'
import type { Browser, Locator } from '@playwright/test'
import { stringToHex } from 'viem'
import { animationsSettled } from '../e2e/support/animations'
import { approveInFrame, frameRequest, newEmail } from '../e2e/support/frameRequest'

type Scheme = 'light' | 'dark'

async function shoot(target: Locator, outDir: string, name: string): Promise<void> {
  await animationsSettled(target)
  const path = join(outDir, `${name}.png`)
  await target.screenshot({ path, animations: 'disabled' })
  console.log(`  ${path} (${((await stat(path)).size / 1024).toFixed(1)} KiB)`)
}

/**
 * The e-mail wallet's views, clipped to the dialog: Connect with the e-mail field (no wallet installed),
 * EmailVerifyOtp, Account with the e-mail, UpdateEmailWallet, the frame's own screens (a signature, a message to scroll
 * to its end, a permission, the key export's two steps) and EmailVerifyDevice in a second browser, as `email-<view>-<scheme>.png`; then RegisterAccountName and its success, as `names-<view>-<scheme>.png`.
 */
export async function shootEmailWallet(
  browser: Browser,
  {
    scheme,
    siteUrl,
    mailboxUrl,
    outDir,
    endCodeWait,
  }: {
    scheme: Scheme
    siteUrl: string
    mailboxUrl: string
    outDir: string
    /** Ends the wait before the next code e-mail to an address (the stack's), so the export's code comes at once. */
    endCodeWait(email: string): Promise<void>
  },
): Promise<void> {
  /** A browser of its own, in the scheme; outside Playwright's runner a step that never comes fails the script. */
  const newBrowserContext = async () => {
    const context = await browser.newContext({
      viewport: { width: 480, height: 1000 },
      deviceScaleFactor: 1,
      colorScheme: scheme,
    })
    context.setDefaultTimeout(30_000)
    return context
  }
  const context = await newBrowserContext()
  const page = await context.newPage()
  // tsx keeps function names with an `__name` helper that page.evaluate'd code can't see.
  await page.addInitScript('globalThis.__name = (target) => target')
  await page.goto(siteUrl)
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  const frame = page.frameLocator('iframe[title="Wallet"]')
  const email = newEmail()
  await dialog.getByRole('textbox', { name: 'E-mail' }).waitFor()
  await shoot(dialog, outDir, `email-connect-${scheme}`)
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email)
  const after = Date.now()
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByRole('heading', { name: 'Confirm E-mail' }).waitFor()
  await shoot(dialog, outDir, `email-verify-otp-${scheme}`)
  const code = await waitForCode(mailboxUrl, email, { after })
  await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code)
  await dialog.waitFor({ state: 'hidden' })

  await page.getByRole('banner').getByRole('button', { name: /^0x/ }).click()
  await dialog.getByRole('region', { name: 'E-mail wallet' }).waitFor()
  await dialog.getByRole('list', { name: 'Tokens' }).waitFor()
  await shoot(dialog, outDir, `email-account-${scheme}`)
  await dialog.getByRole('button', { name: 'Update e-mail' }).click()
  await dialog.getByRole('textbox', { name: 'New e-mail' }).waitFor()
  await shoot(dialog, outDir, `email-update-${scheme}`)

  // Names: the e-mail wallet chooses one (its suggestions as it types), signs it in the frame, and has it.
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  await dialog.getByRole('button', { name: 'Choose a name' }).click()
  const label = `pass-${email.slice(8, 16)}`
  await dialog.getByRole('textbox', { name: 'Name' }).fill(label)
  const suggestions = dialog.getByRole('list', { name: 'Suggestions' })
  await suggestions.getByRole('button').first().waitFor()
  await shoot(dialog, outDir, `names-register-${scheme}`)
  await suggestions.getByRole('button').first().click()
  await approveInFrame(page)
  await dialog.getByRole('button', { name: 'Back to account' }).waitFor()
  await shoot(dialog, outDir, `names-registered-${scheme}`)
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })

  const user = await frameRequest(page, 'getUser', { chainId: 31337 })
  const address = user.ok ? (user.payload as { address: string }).address : ''
  const signed = frameRequest(page, 'rpcRequest', {
    method: 'personal_sign',
    params: [stringToHex('Welcome to All-Access Pass'), address],
    chainId: 31337,
  })
  const frameDialog = page.locator('[data-allaccess-embedded-wallet] dialog')
  await frame.getByRole('button', { name: 'Approve' }).waitFor()
  await shoot(frameDialog, outDir, `email-frame-approval-${scheme}`)
  await frame.getByRole('button', { name: 'Reject' }).click()
  // Its answer is not what this script is about (closing the page settles it either way).
  void signed.catch(() => {})

  // A message longer than its box: Approve waits, and the frame says why, until the box is read to its end.
  const terms = Array.from({ length: 60 }, (_, line) => `Line ${line + 1} of the terms`).join('\n')
  const signedTerms = frameRequest(page, 'rpcRequest', {
    method: 'personal_sign',
    params: [stringToHex(terms), address],
    chainId: 31337,
  })
  await frame.getByText('Scroll to the end of the message to approve.').waitFor()
  await shoot(frameDialog, outDir, `email-frame-scroll-${scheme}`)
  await frame.getByRole('button', { name: 'Reject' }).click()
  void signedTerms.catch(() => {})

  // A permission the site asks for (ERC-7715): what it may send without asking, until when.
  const granting = frameRequest(page, 'rpcRequest', {
    method: 'wallet_grantPermissions',
    params: [
      {
        expiry: Math.floor(Date.now() / 1000) + 7 * 24 * 3600,
        permissions: [
          {
            type: 'native-token-transfer',
            data: { ticker: 'ETH' },
            policies: [{ type: 'token-allowance', data: { allowance: '0x2386f26fc10000' } }],
          },
          {
            type: 'contract-call',
            data: { address, calls: ['function mint() payable'] },
            policies: [{ type: 'rate-limit', data: { count: 3, interval: 86_400 } }],
          },
        ],
      },
    ],
    chainId: 31337,
  })
  await frame.getByRole('heading', { name: 'Grant permissions' }).waitFor()
  await frame.getByRole('button', { name: 'Approve' }).waitFor()
  await shoot(frameDialog, outDir, `email-frame-permissions-${scheme}`)
  await frame.getByRole('button', { name: 'Reject' }).click()
  void granting.catch(() => {})

  // The key export's first step, drawn by the frame.
  await page.getByRole('banner').getByRole('button', { name: /^0x/ }).click()
  await dialog.getByRole('button', { name: 'Export private key' }).click()
  await frame.getByRole('heading', { name: 'Export private key' }).waitFor()
  await shoot(frameDialog, outDir, `email-frame-export-${scheme}`)
  // Its second step: a fresh code, then the key, shown whole with its Copy (the address's 30 s hold ended first).
  await endCodeWait(email)
  const exportAsked = Date.now()
  await frame.getByRole('button', { name: 'Send code' }).click()
  await frame
    .getByRole('textbox', { name: /Code from the e-mail/ })
    .fill(await waitForCode(mailboxUrl, email, { after: exportAsked }))
  await frame.getByRole('button', { name: 'Show key' }).click()
  await frame.getByRole('button', { name: 'Copy key' }).waitFor()
  await shoot(frameDialog, outDir, `email-frame-export-key-${scheme}`)
  await frame.getByRole('button', { name: 'Done' }).click()

  // The same e-mail in another browser is a new device: it waits for the approval e-mailed to the inbox.
  const elsewhere = await newBrowserContext()
  const second = await elsewhere.newPage()
  await second.goto(siteUrl)
  await second.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click()
  const secondDialog = second.getByRole('dialog')
  await secondDialog.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await endCodeWait(email) // the export's code was the last one e-mailed to the address
  const secondAsked = Date.now()
  await secondDialog.getByRole('button', { name: 'Continue' }).click()
  // The code first, as for any address; the device step only after it.
  await secondDialog.getByRole('heading', { name: 'Confirm E-mail' }).waitFor()
  await secondDialog
    .getByRole('textbox', { name: 'Digit 1 of 6' })
    .fill(await waitForCode(mailboxUrl, email, { after: secondAsked }))
  await secondDialog.getByRole('heading', { name: 'Register Device' }).waitFor()
  await shoot(secondDialog, outDir, `email-verify-device-${scheme}`)
  await elsewhere.close()

  await context.close()
}
