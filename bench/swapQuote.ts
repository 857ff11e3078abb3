/**
 * Swap's live quote as a visitor feels it, in headless Chromium against the real stack (the browser tests' anvil,
 * cloud, frame and site build, on free loopback ports): the testkit wallet connected, Swap open on ETH → tUSD, ROUNDS
 * amounts typed one after another (each new, so no answer comes from the modal's cache). For each, from the
 * keystroke's input event to the first painted frame showing that amount's quote (what is received and the figures),
 * all measured inside the page; and the same less the 300 ms the modal waits for typing to pause
 * (docs/behaviour.md#swaps), which is what the cloud's quote and the modal's rendering cost. Run: `npx tsx
 * bench/swapQuote.ts`. Not a test: it prints a table.
 */

import { chromium } from '@playwright/test'
import { startBrowserStack } from './browserStack'

const ROUNDS = 15
/** The modal's debounce before it asks for a quote (packages/modal's SWAP_QUOTE_DELAY_MS, docs/behaviour.md#swaps). */
const QUOTE_DELAY_MS = 300
const HOST = '[data-allaccess-modal]'

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN

async function main() {
  const stack = await startBrowserStack()
  const { CHROMIUM_ARGS, CHROMIUM_PATH, fundedKey, installInjectedWallet } = await import(
    '@allaccess/testkit'
  )
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
  const times: number[] = []
  try {
    const page = await browser.newPage()
    await installInjectedWallet(page, {
      privateKey: await fundedKey(stack.rpcUrl),
      chains: [{ id: 31337, rpcUrl: stack.rpcUrl, name: 'Local devnet' }],
    })
    await page.goto(stack.siteUrl)
    const banner = page.getByRole('banner')
    await banner.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await banner.getByRole('button', { name: /^(?!Connect)/ }).click()
    await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
    const amount = dialog.getByRole('textbox', { name: 'You pay' })
    await dialog.getByRole('button', { name: /^Token to pay: ETH/ }).waitFor()
    for (let round = 0; round < ROUNDS; round++) {
      const typed = `0.0${101 + round}`
      // Armed before the keystroke: the input event's time, then the first frame painted with this amount's quote.
      // As a string: the benchmark runs through tsx, whose helpers (`__name`) do not exist in the page.
      const painted = page.evaluate(`new Promise((resolve, reject) => {
        const root = document.querySelector(${JSON.stringify(HOST)})?.shadowRoot
        if (!root) return reject(new Error('no modal'))
        let typedAt = 0
        root.addEventListener('input', () => { typedAt = performance.now() }, { once: true, capture: true })
        const observer = new MutationObserver(() => {
          const input = root.querySelector('input[inputmode=decimal]')
          const out = root.querySelector('output')?.textContent ?? '0'
          const shown = input?.value === ${JSON.stringify(typed)} && out !== '0' && root.querySelector('[aria-label=Quote]')
          if (!typedAt || !shown) return
          observer.disconnect()
          requestAnimationFrame(() => resolve(performance.now() - typedAt))
        })
        observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true })
        setTimeout(() => reject(new Error('no quote in 10 s')), 10000)
      })`) as Promise<number>
      await amount.fill(typed)
      times.push(await painted)
    }
  } finally {
    await browser.close()
    await stack.stop()
  }
  const typingToQuote = median(times)
  console.table([
    {
      step: 'keystroke → quote painted',
      'median ms': typingToQuote.toFixed(1),
      runs: times.map(Math.round).join(' '),
    },
    {
      step: `the same less the ${QUOTE_DELAY_MS} ms typing pause`,
      'median ms': (typingToQuote - QUOTE_DELAY_MS).toFixed(1),
    },
  ])
}

await main()
