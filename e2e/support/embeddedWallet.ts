import { randomBytes } from 'node:crypto'
import { waitForCode } from '@allaccess/testkit/mailbox'
import { expect, type FrameLocator, type Page } from '@playwright/test'
import { modal, openModal } from './fixtures'
import { E2E_CLOUD_URL } from './ports'

/** The e2e cloud's development mailbox, where every code and link goes. */
export const MAILBOX_URL = `${E2E_CLOUD_URL}/mailbox`

export const newEmail = () => `visitor-${randomBytes(5).toString('hex')}@example.com`

/** The frame's own document: what the user sees when it shows itself (approvals, key export). */
export const walletFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Wallet"]')

/** Types the e-mail into the Connect view's field and submits it; the time the code was asked for. */
export async function submitEmail(page: Page, email: string): Promise<number> {
  const dialog = await openModal(page)
  const after = Date.now()
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue' }).click()
  return after
}

/** Types a code into the six boxes (the first box takes a paste of all six). */
export async function enterCode(page: Page, code: string) {
  await modal(page).getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code)
}

/** Signs in from the Connect view with `email`, reading the code from the real mailbox; the dialog closes. */
export async function signInByEmail(page: Page, email: string) {
  const after = await submitEmail(page, email)
  await expect(modal(page).getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible()
  await enterCode(page, await waitForCode(MAILBOX_URL, email, { after }))
  await expect(modal(page)).toBeHidden()
}

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
