import { randomBytes } from 'node:crypto'
import { FRAME_CHANNEL, FRAME_PROTOCOL_VERSION } from '@allaccess/frame-protocol'
import type { FrameLocator, Page } from '@playwright/test'

/**
 * The embedded wallet's page-side helpers that need no test fixtures (the benchmark and the screenshot script use
 * them outside Playwright's runner).
 */

export const newEmail = () => `visitor-${randomBytes(5).toString('hex')}@example.com`

/** The frame's own document: what the user sees when it shows itself (approvals, key export). */
export const walletFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Wallet"]')

/**
 * Approves the frame's open approval as a user does: a message to sign is read to its end first (its box scrolled
 * down; Approve waits for that), then Approve.
 */
export async function approveInFrame(page: Page): Promise<void> {
  const frame = walletFrame(page)
  // A message, a batch's calls or (on Solana) the transactions: each box is read to its end before Approve.
  const message = frame.getByRole('region', { name: /^(Message|Calls|Transactions?)$/ })
  if ((await message.count()) > 0) await message.evaluate((box) => box.scrollTo(0, box.scrollHeight))
  await frame.getByRole('button', { name: 'Approve' }).click()
}

/**
 * Sends one request to the embedded wallet's frame the way the modal does (postMessage from the page, the reply
 * read from the page's messages): what any script on the host page can do, and the way tests reach RPC methods
 * the site itself does not call. Right after a reload the frame may still be loading, its listener not yet in place:
 * the request goes out once the frame is on the page and answers a harmless `isConnected` probe (each looked for every
 * 250 ms, for up to 20 s); the request itself is given 60 s.
 */
export function frameRequest(
  page: Page,
  type: string,
  payload: unknown,
): Promise<{ ok: true; payload: unknown } | { ok: false; error: { message: string; code?: number } }> {
  return page.evaluate(
    async ({ type, payload, channel, version }) => {
      // After a reload the page may show the account (from what it kept) before the modal adds the frame.
      const findFrame = () =>
        document.querySelector('[data-allaccess-embedded-wallet]')?.shadowRoot?.querySelector('iframe')
      let frame = findFrame()
      for (let look = 0; look < 80 && !frame?.contentWindow; look++) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        frame = findFrame()
      }
      if (!frame?.contentWindow) throw new Error('No embedded-wallet frame on the page within 20 s')
      const target = frame.contentWindow
      const origin = new URL(frame.src).origin
      type Reply = { type: string; payload?: unknown; error?: { message: string; code?: number } }
      const send = (type: string, payload: unknown, waitMs?: number) =>
        new Promise<Reply | undefined>((resolve) => {
          const id = crypto.randomUUID()
          const timer = waitMs === undefined ? undefined : setTimeout(() => done(undefined), waitMs)
          function done(reply: Reply | undefined) {
            clearTimeout(timer)
            window.removeEventListener('message', onReply)
            resolve(reply)
          }
          function onReply(event: MessageEvent) {
            if (event.origin === origin && event.data?.id === id) done(event.data)
          }
          window.addEventListener('message', onReply)
          target.postMessage({ channel, version, id, type, payload }, origin)
        })
      let listening = false
      for (let probe = 0; probe < 80 && !listening; probe++)
        listening = (await send('isConnected', {}, 250)) !== undefined
      if (!listening) throw new Error('The embedded-wallet frame did not answer within 20 s')
      // Bounded, so a request the frame never answers fails here, by name, instead of at the test's time-out.
      const reply = await send(type, payload, 60_000)
      if (!reply) throw new Error(`The embedded-wallet frame did not answer ${type} within 60 s`)
      return reply.type === 'success'
        ? { ok: true, payload: reply.payload }
        : { ok: false, error: reply.error }
    },
    { type, payload, channel: FRAME_CHANNEL, version: FRAME_PROTOCOL_VERSION },
  ) as never
}
