import { randomBytes } from 'node:crypto'
import type { FrameLocator, Page } from '@playwright/test'

/**
 * The embedded wallet's page-side helpers that need no test fixtures (the benchmark and the screenshot script use
 * them outside Playwright's runner).
 */

export const newEmail = () => `visitor-${randomBytes(5).toString('hex')}@example.com`

/** The frame's own document: what the user sees when it shows itself (approvals, key export). */
export const walletFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Wallet"]')

/**
 * Sends one request to the embedded wallet's frame the way the modal does (postMessage from the page, the reply
 * read from the page's messages): what any script on the host page can do, and the way tests reach RPC methods
 * the site itself does not call.
 */
export function frameRequest(
  page: Page,
  type: string,
  payload: unknown,
): Promise<{ ok: true; payload: unknown } | { ok: false; error: { message: string; code?: number } }> {
  return page.evaluate(
    ({ type, payload }) =>
      new Promise((resolve) => {
        const host = document.querySelector('[data-allaccess-embedded-wallet]')
        const frame = host?.shadowRoot?.querySelector('iframe')
        if (!frame?.contentWindow) throw new Error('No embedded-wallet frame on the page')
        const id = crypto.randomUUID()
        const origin = new URL(frame.src).origin
        window.addEventListener('message', function onReply(event) {
          if (event.origin !== origin || event.data?.id !== id) return
          window.removeEventListener('message', onReply)
          resolve(
            event.data.type === 'success'
              ? { ok: true, payload: event.data.payload }
              : { ok: false, error: event.data.error },
          )
        })
        frame.contentWindow.postMessage(
          { channel: 'allaccess:embedded-wallet', version: 1, id, type, payload },
          origin,
        )
      }),
    { type, payload },
  ) as never
}
