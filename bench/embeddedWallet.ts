/**
 * The e-mail wallet's latencies in headless Chromium against the real stack (the browser tests' anvil, cloud with
 * its SMTP mailbox, frame and site build, on free loopback ports). Run: `npx tsx bench/embeddedWallet.ts`. Not a
 * test: it prints a table. RUNS fresh browser contexts, each:
 * - frame ready: the frame added (on the first e-mail submit) → its `ready` reached the page;
 * - submit e-mail → code delivered: the Continue click → the code e-mail in the mailbox (its received time);
 * - code → connected: the sixth digit typed → the account button in the page's header;
 * - personal_sign round trip: the request → the frame's approval painted, and Approve → the signature back (the
 *   Approve button itself waits until the frame has been seen for 500 ms, not counted).
 */

import { readMailbox } from '@allaccess/testkit/mailbox'
import { chromium } from '@playwright/test'
import { stringToHex } from 'viem'
import { startBrowserStack } from './browserStack'

const RUNS = 5

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN

async function main() {
  const stack = await startBrowserStack()
  const { frameRequest, newEmail } = await import('../e2e/support/frameRequest')
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('@allaccess/testkit')
  const { MAILBOX_URL: mailbox } = await import('../e2e/support/embeddedWallet')
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
  const times = {
    ready: [] as number[],
    delivered: [] as number[],
    connected: [] as number[],
    shown: [] as number[],
    signed: [] as number[],
  }
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.addInitScript('globalThis.__name = (target) => target')
      // The frame's `ready`, as the page's window receives it, and when the frame's host element was added.
      await page.addInitScript(`
        window.addEventListener('message', (event) => {
          if (event.data && event.data.type === 'ready') window.readyAt = performance.now()
        })
        new MutationObserver(() => {
          if (window.addedAt === undefined && document.querySelector('[data-allaccess-embedded-wallet]'))
            window.addedAt = performance.now()
        }).observe(document, { childList: true, subtree: true })
      `)
      await page.goto(stack.siteUrl)
      await page.waitForLoadState('networkidle')
      await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click()
      const dialog = page.getByRole('dialog')
      const email = newEmail()
      await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email)
      const submitted = Date.now()
      await dialog.getByRole('button', { name: 'Continue' }).click()
      let message: { text: string; date: string } | undefined
      for (let poll = 0; poll < 2000 && !message; poll++) {
        message = (await readMailbox(mailbox, email))[0]
        if (!message) await new Promise((resolve) => setTimeout(resolve, 5))
      }
      if (!message) throw new Error('no code e-mail')
      times.delivered.push(Date.parse(message.date) - submitted)
      times.ready.push(
        await page.evaluate(() => {
          const holder = window as unknown as { readyAt: number; addedAt: number }
          return holder.readyAt - holder.addedAt
        }),
      )
      const code = /\b(\d{6})\b/.exec(message.text)?.[1] ?? ''
      await dialog.getByRole('heading', { name: 'Confirm E-mail' }).waitFor()
      const typed = Date.now()
      await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code)
      await page.getByRole('banner').getByRole('button', { name: /^0x/ }).waitFor()
      times.connected.push(Date.now() - typed)

      const user = await frameRequest(page, 'getUser', { chainId: 31337 })
      const address = user.ok ? (user.payload as { address: string }).address : ''
      const asked = Date.now()
      const signed = frameRequest(page, 'rpcRequest', {
        method: 'personal_sign',
        params: [stringToHex('bench'), address],
        chainId: 31337,
      })
      const approve = page.frameLocator('iframe[title="Wallet"]').getByRole('button', { name: 'Approve' })
      await approve.waitFor()
      times.shown.push(Date.now() - asked)
      await approve.click({ trial: true })
      await page.waitForTimeout(600)
      const clicked = Date.now()
      await approve.click()
      await signed
      times.signed.push(Date.now() - clicked)
      await context.close()
    }
  } finally {
    await browser.close()
    await stack.stop()
  }
  const row = (name: string, values: number[]) =>
    console.log(
      `${name.padEnd(52)} median ${median(values).toFixed(0).padStart(5)} ms   (${values.map((v) => v.toFixed(0)).join(', ')})`,
    )
  console.log(`\nThe e-mail wallet, ${RUNS} fresh contexts`)
  row('frame ready (added → ready at the page)', times.ready)
  row('submit e-mail → code delivered', times.delivered)
  row('code typed → connected (account button shown)', times.connected)
  row('personal_sign: request → approval shown', times.shown)
  row('personal_sign: Approve → signature back', times.signed)
}

await main()
