import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import axe, { type AxeResults } from 'axe-core'
import { animationsSettled } from './animations'
import { expect, modal } from './fixtures'

/** The modal's host element; its open shadow root holds the dialog. */
export const HOST = '[data-allaccess-modal]'

const listViolations = (results: Pick<AxeResults, 'violations'>) =>
  results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' > ')} — ${node.failureSummary}`),
  )

/**
 * Axe on the modal only (it walks into the open shadow root), once its entry animations have settled. The modal
 * holds no frame, so axe runs in the page alone, injected once per document: AxeBuilder injects it into every
 * frame and opens a page of its own to merge the frames' results on each scan (1–3 s a scan on two loaded cores;
 * a test scans up to eight times).
 */
export async function axeViolations(page: Page, dialog: Locator): Promise<string[]> {
  await animationsSettled(dialog)
  // A string, not a function: evaluated as DevTools evaluates it, outside the page's Content-Security-Policy.
  if (!(await page.evaluate('typeof window.axe?.run === "function"'))) await page.evaluate(axe.source)
  const results = await page.evaluate(
    (include) => (window as unknown as { axe: typeof axe }).axe.run({ include: [include], exclude: [] }, {}),
    HOST,
  )
  return listViolations(results)
}

/** The dialog shows `view` (its accessible name) and axe finds nothing wrong in it. */
export async function expectAccessible(page: Page, view: string) {
  const dialog = modal(page)
  await expect(dialog).toHaveAccessibleName(view)
  expect(await axeViolations(page, dialog)).toEqual([])
}

/** Axe on the embedded wallet's frame while it shows itself (it walks into the frame's document). */
export async function frameViolations(page: Page): Promise<string[]> {
  return listViolations(await new AxeBuilder({ page }).include('[data-allaccess-embedded-wallet]').analyze())
}
