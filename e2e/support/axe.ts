import type { Frame, Locator, Page } from '@playwright/test'
import axe, { type AxeResults, type ElementContext } from 'axe-core'
import { animationsSettled } from './animations'
import { expect, modal } from './fixtures'

/** The modal's host element; its open shadow root holds the dialog. */
export const HOST = '[data-allaccess-modal]'
/** The embedded wallet's host element; its open shadow root holds the frame. */
const WALLET_HOST = '[data-allaccess-embedded-wallet]'

/**
 * Axe in one document, injected once per document, frames left to their own scan. AxeBuilder injected it into
 * every frame and opened a page of its own to merge the frames' results on each scan: 1–3 s a scan on two loaded
 * cores, 0.2–0.4 s this way, and a test scans up to eight times.
 */
async function scan(frame: Frame, context: ElementContext): Promise<string[]> {
  // Strings, not functions: evaluated as DevTools evaluates them, outside the page's Content-Security-Policy.
  if (!(await frame.evaluate('typeof window.axe?.run === "function"'))) await frame.evaluate(axe.source)
  // The results cross as JSON (typed here: Playwright's type of them recurses too deep for tsc).
  const results = (await frame.evaluate(
    (context: unknown) =>
      (window as unknown as { axe: typeof axe }).axe.run(context as ElementContext, { iframes: false }),
    context as unknown,
  )) as AxeResults
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' > ')} — ${node.failureSummary}`),
  )
}

/** Axe on the modal only (it walks into the open shadow root), once its entry animations have settled. */
export async function axeViolations(page: Page, dialog: Locator): Promise<string[]> {
  await animationsSettled(dialog)
  return scan(page.mainFrame(), { include: [HOST], exclude: [] })
}

type Scheme = 'light' | 'dark'

/**
 * `scanned` in the system colour scheme the page has, then in the other one, switched live, then back; `followed`
 * waits for what is scanned to follow each switch (theme.spec, createEmailFeature.test). Each finding is prefixed
 * by its scheme. One walk to a view checks both themes there: a test walked once per theme before, which cost the
 * suite a second walk for each.
 */
async function inBothSchemes(
  page: Page,
  scanned: () => Promise<string[]>,
  followed: (scheme: Scheme) => Promise<void> = async () => {},
): Promise<string[]> {
  const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)
  const [first, second]: [Scheme, Scheme] = dark ? ['dark', 'light'] : ['light', 'dark']
  await followed(first)
  const found = (await scanned()).map((line) => `${first}: ${line}`)
  await page.emulateMedia({ colorScheme: second })
  try {
    await followed(second)
    found.push(...(await scanned()).map((line) => `${second}: ${line}`))
  } finally {
    await page.emulateMedia({ colorScheme: first })
  }
  await followed(first)
  return found
}

/** Axe on the modal, in the light and dark themes. */
export function modalViolations(page: Page): Promise<string[]> {
  const host = page.locator(HOST)
  return inBothSchemes(
    page,
    () => axeViolations(page, modal(page)),
    (scheme) => expect(host).toHaveAttribute('data-theme', scheme),
  )
}

/** The dialog shows `view` (its accessible name) and axe finds nothing wrong in it, in the light and dark themes. */
export async function expectAccessible(page: Page, view: string) {
  await expect(modal(page)).toHaveAccessibleName(view)
  expect(await modalViolations(page)).toEqual([])
}

/** Axe on a whole page (its page-level rules too), but what `exclude` names, in the light and dark themes. */
export function pageViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  return inBothSchemes(page, () => scan(page.mainFrame(), { include: [], exclude }))
}

/**
 * Axe on the embedded wallet's frame while it shows itself, in the light and dark themes: its host element in the
 * page (the frame's title and focus), then the frame's document, as a part of the page (no page-level rules, as
 * when axe walks into a frame).
 */
export async function frameViolations(page: Page): Promise<string[]> {
  const frame = await page.locator(`${WALLET_HOST} iframe`).elementHandle()
  const document = await frame?.contentFrame()
  if (!document) throw new Error('the embedded wallet shows no frame')
  const root = document.locator(':root')
  return inBothSchemes(
    page,
    async () => [
      ...(await scan(page.mainFrame(), { include: [WALLET_HOST], exclude: [] })),
      ...(await scan(document, { include: ['html'], exclude: [] })),
    ],
    (scheme) => expect(root).toHaveAttribute('data-theme', scheme),
  )
}
