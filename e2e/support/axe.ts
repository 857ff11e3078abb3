import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { animationsSettled } from './animations'
import { expect, modal } from './fixtures'

/** The modal's host element; its open shadow root holds the dialog. */
export const HOST = '[data-allaccess-modal]'

/** Axe on the modal only (it walks into the open shadow root), once its entry animations have settled. */
export async function axeViolations(page: Page, dialog: Locator): Promise<string[]> {
  await animationsSettled(dialog)
  const results = await new AxeBuilder({ page }).include(HOST).analyze()
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' > ')} — ${node.failureSummary}`),
  )
}

/** The dialog shows `view` (its accessible name) and axe finds nothing wrong in it. */
export async function expectAccessible(page: Page, view: string) {
  const dialog = modal(page)
  await expect(dialog).toHaveAccessibleName(view)
  expect(await axeViolations(page, dialog)).toEqual([])
}

/** Axe on the embedded wallet's frame while it shows itself (it walks into the frame's document). */
export async function frameViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-allaccess-embedded-wallet]').analyze()
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' > ')} — ${node.failureSummary}`),
  )
}
