import type { Page } from '@playwright/test'

/**
 * Records every text the page shows from the first byte of its next load on (a MutationObserver installed before
 * any script runs), so a test can prove something never flashed, however briefly. Returns the texts seen so far.
 */
export async function recordTextsOfNextLoad(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __seenTexts: string[] }).__seenTexts = seen
    new MutationObserver(() => seen.push(document.body?.innerText ?? '')).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    })
  })
  return () => page.evaluate(() => (window as unknown as { __seenTexts: string[] }).__seenTexts)
}
