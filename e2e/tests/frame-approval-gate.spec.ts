import type { Page } from '@playwright/test'
import { type Hex, stringToHex, verifyMessage } from 'viem'
import { frameViolations } from '../support/axe'
import { signInByEmail } from '../support/embeddedWallet'
import { expect, test } from '../support/fixtures'
import { frameRequest, newEmail, walletFrame } from '../support/frameRequest'

// The Approve gate (docs/embedded-wallet.md#signing, issue 25 §3): a script on an allowed page reshapes the frame's
// dialog (its shadow root is open to the page) so the user sees only Approve under a decoy; each shape is refused.

/** Longer than any wait of the gate (1.5 s without IntersectionObserver v2): a gate still shut after it stays shut. */
const PAST_THE_GATE_MS = 2_000

type Attack = { name: string; dialog?: string; iframe?: string; overlay?: string }

/**
 * What a hostile host does to the frame's `<dialog>` and `<iframe>`: inline styles through the CSSOM (the site's CSP
 * refuses style attributes, not the CSSOM), which beat the modal's own sheet.
 */
const ATTACKS: Attack[] = [
  // The dialog shrunk to the button row (a signature's approval is some 270 px tall), under a decoy.
  { name: 'crop', dialog: 'height: 70px; overflow: hidden', iframe: 'height: 560px; margin-top: -200px' },
  { name: 'clip-path', dialog: 'clip-path: inset(200px 0 290px 0)' },
  // The top of the approval pushed above the page's viewport (the dialog's top is 80 px down).
  { name: 'offset', dialog: 'translate: 0 -280px' },
  { name: 'scale', dialog: 'transform: scale(0.4)' },
  { name: 'opacity', dialog: 'opacity: 0.05' },
  // The frame itself smaller than the approval: the frame's own viewport crops it.
  { name: 'iframe shrunk', iframe: 'height: 90px' },
  // A decoy over the message in the top layer (above the dialog), letting clicks through to the button.
  {
    name: 'partial overlay',
    overlay:
      'position: fixed; inset: 0 0 auto 0; height: 260px; margin: 0; border: 0; pointer-events: none; background: #fff; color: #000',
  },
]

/** Applies an attack in the page, as its script would; `undefined` puts the frame back as the modal drew it. */
async function reshape(page: Page, attack: Attack | undefined) {
  await page.evaluate((attack) => {
    const root = document.querySelector('[data-allaccess-embedded-wallet]')?.shadowRoot
    const dialog = root?.querySelector('dialog')
    const iframe = root?.querySelector('iframe')
    if (!dialog || !iframe) throw new Error('no wallet dialog')
    dialog.style.cssText = attack?.dialog ?? ''
    iframe.style.cssText = attack?.iframe ?? ''
    document.getElementById('decoy')?.remove()
    if (!attack?.overlay) return
    const decoy = document.createElement('div')
    decoy.id = 'decoy'
    decoy.popover = 'manual'
    decoy.textContent = 'You won a free pass — press the button below'
    decoy.style.cssText = attack.overlay
    document.body.append(decoy)
    // The top layer stacks in the order shown: the decoy goes up again each time the wallet's dialog opens.
    const raise = () => {
      if (!decoy.isConnected) return
      if (decoy.matches(':popover-open')) decoy.hidePopover()
      decoy.showPopover()
    }
    raise()
    new MutationObserver(() => dialog.open && raise()).observe(dialog, { attributeFilter: ['open'] })
  }, attack)
}

/** Whether `request` is still unanswered after `ms`. */
const stillPending = (request: Promise<unknown>, ms: number) =>
  Promise.race([
    request.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms)),
  ])

async function signIn(page: Page): Promise<Hex> {
  await page.goto('/')
  await signInByEmail(page, newEmail())
  const user = await frameRequest(page, 'getUser', { chainId: 31337 })
  if (!user.ok) throw new Error(user.error.message)
  return (user.payload as { address: Hex }).address
}

const sign = (page: Page, address: Hex, message: string) =>
  frameRequest(page, 'rpcRequest', {
    method: 'personal_sign',
    params: [stringToHex(message), address],
    chainId: 31337,
  })

test('a hostile page cropping, clipping, offsetting, scaling, fading, shrinking or covering the approval gets no Approve; the whole approval, seen, signs', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const address = await signIn(page)
  const frame = walletFrame(page)
  const approve = frame.getByRole('button', { name: 'Approve' })

  for (const attack of ATTACKS) {
    await test.step(`${attack.name}, before the approval shows`, async () => {
      // The page readies its shape before it asks: the frame never shows whole.
      await reshape(page, attack)
      const request = sign(page, address, `Attack: ${attack.name}`)
      await expect(frame.getByRole('heading', { name: 'Signature request' })).toBeAttached()
      await page.waitForTimeout(PAST_THE_GATE_MS)
      await expect(approve).toBeDisabled()
      // A real click where the button is (the overlay lets it through) answers nothing.
      await approve.click({ force: true })
      expect(await stillPending(request, 500)).toBe(true)
      // Put back whole, the same approval opens after its wait: the shape was what held it shut.
      await reshape(page, undefined)
      await expect(approve).toBeEnabled({ timeout: PAST_THE_GATE_MS })
      await frame.getByRole('button', { name: 'Reject' }).click()
      expect(await request).toMatchObject({ ok: false, error: { code: 4001 } })
    })
  }

  await test.step('cropped after it opened: the open gate shuts again', async () => {
    const request = sign(page, address, 'Cropped later')
    await expect(approve).toBeEnabled({ timeout: PAST_THE_GATE_MS })
    await reshape(page, ATTACKS[0])
    await expect(approve).toBeDisabled()
    await approve.click({ force: true })
    expect(await stillPending(request, 500)).toBe(true)
    await reshape(page, undefined)
    await expect(approve).toBeEnabled({ timeout: PAST_THE_GATE_MS })
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await request).toMatchObject({ ok: false, error: { code: 4001 } })
  })

  await test.step('the frame shrunk between the press and its release: no approval', async () => {
    const request = sign(page, address, 'Shrunk while pressed')
    await expect(approve).toBeEnabled({ timeout: PAST_THE_GATE_MS })
    const box = await approve.boundingBox()
    if (!box) throw new Error('no Approve on screen')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await reshape(
      page,
      ATTACKS.find((attack) => attack.name === 'iframe shrunk'),
    )
    await page.mouse.up()
    expect(await stillPending(request, 500)).toBe(true)
    await reshape(page, undefined)
    await expect(approve).toBeEnabled({ timeout: PAST_THE_GATE_MS })
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await request).toMatchObject({ ok: false, error: { code: 4001 } })
  })

  await test.step('the normal approval still signs', async () => {
    const message = 'Seen whole'
    const request = sign(page, address, message)
    await expect(frame.getByText(message)).toBeVisible()
    await approve.click()
    const reply = await request
    if (!reply.ok) throw new Error(reply.error.message)
    const signature = (reply.payload as { result: Hex }).result
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  })
})

test('a frame too small for the whole approval says so and keeps Approve shut until it is larger', async ({
  page,
}) => {
  const address = await signIn(page)
  const frame = walletFrame(page)
  await page.setViewportSize({ width: 320, height: 300 })
  const request = sign(page, address, 'Too small')
  await expect(frame.getByRole('status')).toHaveText(
    'This window is too small to show the whole request. Make it larger to approve.',
  )
  await page.waitForTimeout(PAST_THE_GATE_MS)
  await expect(frame.getByRole('button', { name: 'Approve' })).toBeDisabled()
  await page.setViewportSize({ width: 320, height: 640 })
  await expect(frame.getByRole('status')).toHaveCount(0)
  await expect(frame.getByRole('button', { name: 'Approve' })).toBeEnabled({ timeout: PAST_THE_GATE_MS })
  // Nothing at 320 px runs wider than the frame.
  expect(await frame.locator(':root').evaluate((root) => root.scrollWidth <= root.clientWidth)).toBe(true)
  await frame.getByRole('button', { name: 'Reject' }).click()
  await request
})

test('without IntersectionObserver v2 the frame waits 1.5 s and asks to confirm; a double click signs nothing', async ({
  page,
}) => {
  // As in a browser that has IntersectionObserver but not its visibility tracking (Firefox, Safari).
  await page.context().addInitScript(() => {
    delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible
  })
  const address = await signIn(page)
  const frame = walletFrame(page)
  const message = 'Confirmed twice'
  const asked = Date.now()
  const request = sign(page, address, message)
  const approve = frame.getByRole('button', { name: 'Approve' })
  await expect(approve).toBeDisabled()
  await expect(approve).toBeEnabled({ timeout: PAST_THE_GATE_MS + 1_000 })
  // 1.5 s from when the frame showed, which was after it was asked (with v2: 0.5 s).
  expect(Date.now() - asked).toBeGreaterThanOrEqual(1_500)
  await approve.dblclick()
  const confirm = frame.getByRole('button', { name: 'Confirm' })
  await expect(frame.getByRole('status')).toHaveText(
    'This browser cannot tell if the page covers the wallet. Check the request once more, then confirm.',
  )
  // Shut again for its own 1.5 s (looked at first: a loaded machine can spend that long on the next steps).
  await expect(confirm).toBeDisabled()
  expect(await stillPending(request, 500)).toBe(true)
  await expect(confirm).toBeEnabled({ timeout: PAST_THE_GATE_MS })
  await confirm.click()
  const reply = await request
  if (!reply.ok) throw new Error(reply.error.message)
  const signature = (reply.payload as { result: Hex }).result
  expect(await verifyMessage({ address, message, signature })).toBe(true)
})

test("the host's transparent text colours are not taken: the approval stays readable, with no axe violations", async ({
  page,
}) => {
  const address = await signIn(page)
  // What a script on the page can send the frame as the modal does (issue 25 §5: only the buttons were left).
  const themed = await frameRequest(page, 'syncTheme', {
    themeMode: 'light',
    themeVariables: {
      '--aap-fg': 'transparent',
      '--aap-fg-muted': 'rgba(0, 0, 0, 0)',
      '--aap-accent-contrast': 'rgb(59 91 219 / 0.1)',
    },
  })
  expect(themed).toEqual({ ok: true, payload: {} })
  const frame = walletFrame(page)
  const request = sign(page, address, 'Still readable')
  await expect(frame.getByText('Still readable')).toBeVisible()
  // The frame's own light colours: #141414 text, #595959 muted, white on the accent button.
  const colours = await frame
    .locator('main')
    .evaluate((main) =>
      ['h1', '.site', '.message', 'button.primary'].map(
        (selector) => getComputedStyle(main.querySelector(selector) as Element).color,
      ),
    )
  expect(colours).toEqual(['rgb(20, 20, 20)', 'rgb(89, 89, 89)', 'rgb(20, 20, 20)', 'rgb(255, 255, 255)'])
  // Its light scan is the one with the page's colours sent: the switch to dark has the modal send its own theme
  // again, which replaces them (the colours above are what this test is about).
  expect(await frameViolations(page)).toEqual([])
  // The scan reaches into the frame's document: a button with no name there is flagged.
  await frame.locator('main').evaluate((main) => main.append(document.createElement('button')))
  expect(await frameViolations(page)).toEqual([
    expect.stringMatching(/^light: button-name: main > button — /),
    expect.stringMatching(/^dark: button-name: main > button — /),
  ])
  await frame.getByRole('button', { name: 'Reject' }).click()
  expect(await request).toMatchObject({ ok: false, error: { code: 4001 } })
})

test('a message longer than its box: Approve waits until the box is scrolled to its end (the keyboard scrolls it), then signs the whole message', async ({
  page,
}) => {
  const address = await signIn(page)
  const frame = walletFrame(page)
  const message = Array.from({ length: 60 }, (_, line) => `Line ${line + 1} of the terms`).join('\n')
  const request = sign(page, address, message)
  const approve = frame.getByRole('button', { name: 'Approve' })
  const box = frame.getByRole('region', { name: 'Message' })
  await expect(box).toContainText('Line 60 of the terms')
  await expect(frame.getByRole('status')).toHaveText('Scroll to the end of the message to approve.')
  await page.waitForTimeout(PAST_THE_GATE_MS)
  await expect(approve).toBeDisabled()
  expect(await frameViolations(page)).toEqual([])
  await box.focus()
  await page.keyboard.press('End')
  await expect(frame.getByRole('status')).toHaveCount(0)
  await expect(approve).toBeEnabled({ timeout: PAST_THE_GATE_MS })
  await approve.click()
  const reply = await request
  if (!reply.ok) throw new Error(reply.error.message)
  expect(
    await verifyMessage({ address, message, signature: (reply.payload as { result: Hex }).result }),
  ).toBe(true)
})
