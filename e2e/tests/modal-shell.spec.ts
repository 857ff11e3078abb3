import { BOTTOM_SHEET_MAX_VIEWPORT_PX, MODAL_WIDTH_PX } from '@allaccess/modal/testing'
import type { Locator } from '@playwright/test'
import { animationsSettled } from '../support/animations'
import { expect, modal, openModal, test } from '../support/fixtures'
import { E2E_CLOUD_URL } from '../support/ports'

// The behaviour these tests check: docs/behaviour.md#opening-the-modal, docs/behaviour.md#closing, docs/behaviour.md#views.

test('Escape closes the modal and focus returns to the Connect button', async ({ page }) => {
  await page.goto('/')
  const opener = page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = modal(page)
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAttribute('aria-modal', 'true')
  await expect(dialog).toHaveAccessibleName('Connect Wallet')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
})

test('a click on the backdrop closes the modal; one inside it does not', async ({ page }) => {
  await page.goto('/')
  const dialog = await openModal(page)
  await dialog.getByRole('heading', { name: 'Connect Wallet' }).click()
  await expect(dialog).toBeVisible()
  const box = await dialog.boundingBox()
  if (!box) throw new Error('no dialog')
  // Beside the dialog, on the backdrop.
  await page.mouse.click(Math.max(2, box.x - 20), Math.max(2, box.y - 20))
  await expect(dialog).toBeHidden()
})

test.describe('a host page with hostile CSS', () => {
  // The site's own CSP forbids inline styles; this test plays a host page that has them.
  test.use({ bypassCSP: true })

  test('the modal is 360 px wide and the host page CSS does not reach it', async ({
    page,
    wallet: _wallet,
  }) => {
    await page.goto('/')
    await page.addStyleTag({ content: '* { all: unset; color: red }' })
    const dialog = await openModal(page)
    // The wallet's row comes with its announcement, after the dialog shows: read the styles once it is there.
    await expect(dialog.getByRole('button', { name: 'Testkit Wallet' })).toBeVisible()
    const box = await dialog.boundingBox()
    expect(box?.width).toBe(360)
    const styles = await dialog.evaluate((element) => {
      const button = element.querySelector('.row-button') as HTMLElement
      return {
        dialogColor: getComputedStyle(element).color,
        buttonDisplay: getComputedStyle(button).display,
        buttonColor: getComputedStyle(button).color,
      }
    })
    expect(styles.dialogColor).not.toBe('rgb(255, 0, 0)')
    expect(styles.buttonColor).not.toBe('rgb(255, 0, 0)')
    expect(styles.buttonDisplay).toBe('flex')
  })
})

test('the modal views are not downloaded until the modal opens', async ({ page }) => {
  // An idle browser would prefetch them (next test): keep this one busy so only opening can load them.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0
  })
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto('/')
  await expect(page.getByText(/^\d+ \/ 1000$/)).toBeVisible()
  expect(scripts.some((path) => path.includes('mountModal'))).toBe(false)
  await openModal(page)
  expect(scripts.some((path) => path.includes('mountModal'))).toBe(true)
})

test('the modal views and what the first view shows are prefetched when the browser is idle, so the first open asks the cloud nothing', async ({
  page,
}) => {
  const cloudPaths: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(E2E_CLOUD_URL)) cloudPaths.push(new URL(request.url()).pathname)
  })
  const views = page.waitForRequest((request) => request.url().includes('mountModal'))
  const picks = page.waitForResponse((response) => new URL(response.url()).pathname === '/getWallets')
  await page.goto('/')
  await Promise.all([views, picks])
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect
    .poll(() => cloudPaths)
    .toEqual(expect.arrayContaining(['/projects/v1/origins', '/appkit/v1/config']))
  const before = cloudPaths.length

  const dialog = await openModal(page)
  await expect(dialog.getByRole('list', { name: 'Wallets' }).getByRole('button').nth(2)).toBeVisible()
  const directoryOrConfig = cloudPaths
    .slice(before)
    .filter((path) => ['/getWallets', '/projects/v1/origins', '/appkit/v1/config'].includes(path))
  expect(directoryOrConfig).toEqual([])
})

test('the first open is rehearsed at idle, unseen: its wallet icons are fetched before the click, and nothing of the rehearsal stays', async ({
  page,
}) => {
  const icons: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (request.url().startsWith(E2E_CLOUD_URL) && pathname.startsWith('/getWalletImage/'))
      icons.push(pathname)
  })
  await page.goto('/')
  await expect.poll(() => icons.length).toBeGreaterThan(0)
  await expect(modal(page)).toBeHidden()
  const leftover = () =>
    page.evaluate(() =>
      Boolean(document.querySelector('[data-allaccess-modal]')?.shadowRoot?.querySelector('.rehearsal')),
    )
  await expect.poll(leftover).toBe(false)
  const before = [...icons]

  const dialog = await openModal(page)
  await expect(
    dialog.getByRole('list', { name: 'Wallets' }).locator('img[src*="/getWalletImage/"]'),
  ).not.toHaveCount(0)
  await expect(dialog.getByRole('list', { name: 'Wallets' }).getByRole('button').nth(2)).toBeVisible()
  expect(icons).toEqual(before)
})

test('ConnectingExternal: the wallet’s icon is centred over the spinner and the text, waiting and rejected', async ({
  page,
  wallet,
}) => {
  await page.goto('/')
  const dialog = await openModal(page)
  const held = wallet.holdNext()
  await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
  await held.request
  const icon = dialog.locator('img.icon-large')
  const offCentre = async () => {
    await animationsSettled(dialog)
    const [box, frame] = [await icon.boundingBox(), await dialog.boundingBox()]
    if (!box || !frame) throw new Error('not laid out')
    return Math.abs(box.x + box.width / 2 - (frame.x + frame.width / 2))
  }
  await expect(dialog.getByText('Continue in Testkit Wallet')).toBeVisible()
  expect(await offCentre()).toBeLessThanOrEqual(1)
  await held.reject()
  await expect(dialog.getByText('Connection rejected')).toBeVisible()
  expect(await offCentre()).toBeLessThanOrEqual(1)
})

/** The dialog's box and the radii of its corners, once its entry animations have settled. */
async function dialogLayout(dialog: Locator) {
  await animationsSettled(dialog)
  const box = await dialog.boundingBox()
  if (!box) throw new Error('not laid out')
  const style = await dialog.evaluate((element) => {
    const computed = getComputedStyle(element)
    return {
      topRadius: computed.borderTopLeftRadius,
      bottomRadius: computed.borderBottomLeftRadius,
      overflowY: computed.overflowY,
      scrolls: element.scrollHeight > element.clientHeight,
    }
  })
  return { ...box, ...style }
}

test.describe(`layout: a ${MODAL_WIDTH_PX} px dialog above ${BOTTOM_SHEET_MAX_VIEWPORT_PX} px`, () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('at 1280 px the dialog is 360 px wide, centred, with all its corners rounded', async ({
    page,
    wallet: _wallet,
  }) => {
    await page.goto('/')
    const layout = await dialogLayout(await openModal(page))
    expect(layout.width).toBe(MODAL_WIDTH_PX)
    expect(layout.x).toBe((1280 - MODAL_WIDTH_PX) / 2)
    expect(Math.abs(layout.y + layout.height / 2 - 400)).toBeLessThanOrEqual(1)
    expect(layout.topRadius).toBe('16px')
    expect(layout.bottomRadius).toBe('16px')
  })

  test(`at ${BOTTOM_SHEET_MAX_VIEWPORT_PX + 1} px it is still the 360 px dialog`, async ({
    page,
    wallet: _wallet,
  }) => {
    await page.setViewportSize({ width: BOTTOM_SHEET_MAX_VIEWPORT_PX + 1, height: 800 })
    await page.goto('/')
    expect((await dialogLayout(await openModal(page))).width).toBe(MODAL_WIDTH_PX)
  })
})

test.describe(`layout: a bottom sheet at ${BOTTOM_SHEET_MAX_VIEWPORT_PX} px and narrower`, () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('at 390 px the dialog is a full-width sheet on the bottom edge, its top corners rounded', async ({
    page,
    wallet: _wallet,
  }) => {
    await page.goto('/')
    const layout = await dialogLayout(await openModal(page))
    expect(layout.x).toBe(0)
    expect(layout.width).toBe(390)
    expect(layout.y + layout.height).toBe(844)
    expect(layout.topRadius).toBe('16px')
    expect(layout.bottomRadius).toBe('0px')
  })

  test('on a short 390 px viewport the sheet stops below the top edge and its content scrolls', async ({
    page,
    wallet: _wallet,
  }) => {
    await page.setViewportSize({ width: 390, height: 360 })
    await page.goto('/')
    const dialog = await openModal(page)
    await expect(dialog.getByRole('button', { name: 'All Wallets' })).toBeVisible()
    const layout = await dialogLayout(dialog)
    expect(layout.y + layout.height).toBe(360)
    expect(layout.y).toBeGreaterThanOrEqual(32)
    expect(layout.scrolls).toBe(true)
    expect(layout.overflowY).toBe('auto')
    // Everything is reachable by scrolling: the last control scrolls into view inside the sheet.
    const last = dialog.getByRole('button', { name: 'All Wallets' })
    await last.scrollIntoViewIfNeeded()
    const box = await last.boundingBox()
    expect(box && box.y + box.height).toBeLessThanOrEqual(360)
  })
})
