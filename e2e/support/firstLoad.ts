import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import budgets from '../../budgets.json' with { type: 'json' }

/** The page's JavaScript before the modal opens, as the site's own budget counts it (budgets.json, .size-limit.cjs). */
export const FIRST_LOAD_BUDGET_BYTES = budgets.firstLoadKiB * 1024

/** How long no new script may arrive before the page counts as loaded (idle prefetches included). */
const QUIET_MS = 1_500

/**
 * Every script a cold page at `url` fetches, what it prefetches at idle included, before anyone clicks: the sum of
 * their gzip sizes (level 9, as size-limit counts) and how many there were.
 */
export async function firstLoadInBrowser(page: Page, url: string): Promise<{ bytes: number; files: number }> {
  const scripts = new Map<string, Promise<number>>()
  let last = Date.now()
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || scripts.has(response.url())) return
    last = Date.now()
    scripts.set(
      response.url(),
      response.body().then((body) => gzipSync(body, { level: 9 }).length),
    )
  })
  await page.goto(url)
  await page.waitForLoadState('networkidle')
  // Bounded: a page that keeps fetching scripts for 15 s fails the poll rather than hanging the test.
  const deadline = Date.now() + 15_000
  while (Date.now() - last < QUIET_MS) {
    if (Date.now() > deadline) throw new Error(`${url} kept fetching scripts for 15 s`)
    await page.waitForTimeout(250)
  }
  const sizes = await Promise.all(scripts.values())
  return { bytes: sizes.reduce((sum, size) => sum + size, 0), files: sizes.length }
}
