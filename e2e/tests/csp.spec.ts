import type { Page } from '@playwright/test'
import { loopbackUrl } from '../../scripts/hosts'
import { signInByEmail } from '../support/embeddedWallet'
import { accountShown, expect, modal, pairingLink, test } from '../support/fixtures'
import { newEmail } from '../support/frameRequest'
import { E2E_CLOUD_URL, E2E_FRAME_URL, E2E_SITE_URL } from '../support/ports'

/** The site's Content-Security-Policy (apps/site/securityHeaders.ts), as the served page sends it, by directive. */
async function servedPolicy(page: Page) {
  const response = await page.goto('/')
  const headers = response?.headers() ?? {}
  const policy = Object.fromEntries(
    (headers['content-security-policy'] ?? '').split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ')
      return [name, sources]
    }),
  )
  return { headers, policy }
}

/** Records every CSP violation the page reports, from its first script on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    )
  })
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) consoleErrors.push(message.text())
  })
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
    ...consoleErrors,
  ]
}

test('the site sends its security headers: a strict CSP naming the cloud and relay, no framing, nosniff, referrer policy', async ({
  page,
}) => {
  const { headers, policy } = await servedPolicy(page)
  expect(policy).toMatchObject({
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
  })
  expect(policy['connect-src']).toEqual(
    expect.arrayContaining([E2E_CLOUD_URL, E2E_CLOUD_URL.replace(/^http/, 'ws')]),
  )
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')

  // The scripts carry them too, and point at no published source map.
  const script = await page.locator('script[type="module"]').getAttribute('src')
  // Fetched from Node, which does not resolve the site's *.localhost name.
  const asset = await page.request.get(loopbackUrl(new URL(script ?? '', E2E_SITE_URL).href))
  expect(asset.headers()['x-content-type-options']).toBe('nosniff')
  expect(await asset.text()).not.toContain('sourceMappingURL')
})

test('frame-ancestors: another page cannot frame the site', async ({ page }) => {
  // The framing page: the cloud's API docs, another local origin that sets no frame-src of its own.
  await page.goto(`${E2E_CLOUD_URL}/docs`)
  const framed = page.waitForEvent('framenavigated', (frame) => frame !== page.mainFrame())
  await page.evaluate((url) => {
    const frame = document.createElement('iframe')
    frame.src = url
    document.body.append(frame)
  }, `${E2E_SITE_URL}/`)
  // Chromium replaces a refused frame with its error page.
  expect((await framed).url()).toBe('chrome-error://chromewebdata/')
})

test('connect, the modal’s views (WalletConnect QR over the relay, All Wallets’ cloud images, Account) and a mint run under the site’s CSP with no violation', async ({
  page,
  context,
  wallet,
}) => {
  // WalletConnect's client, All Wallets and a mint in one test: slow on a busy machine.
  test.slow()
  const violations = await recordViolations(page)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { policy } = await servedPolicy(page)
  expect(policy['script-src']).toEqual(["'self'"])

  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = modal(page)
  await expect(dialog).toBeVisible()
  // The constructable stylesheet applied: the dialog has its 360 px width and themed background.
  expect((await dialog.boundingBox())?.width).toBe(360)
  // The relay's WebSocket: a pairing link exists only once the relay answered.
  await dialog.getByRole('button', { name: /^WalletConnect/ }).click()
  await pairingLink(dialog)
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  // The directory's wallet images, from the cloud.
  await dialog.getByRole('button', { name: 'All Wallets' }).click()
  const firstImage = dialog.getByRole('grid', { name: 'All wallets' }).locator('img').first()
  await expect(firstImage).toHaveJSProperty('complete', true)
  expect(await firstImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
  await expect(dialog).toBeHidden()

  const short = `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`
  await page.getByRole('banner').getByRole('button', { name: short }).click()
  await expect(dialog.getByRole('heading', { name: 'Account' })).toBeVisible()
  await accountShown(dialog)
  // The avatar's hue goes in through CSSOM, which the policy allows (a style attribute would be refused).
  const avatar = await dialog.locator('.avatar').evaluate((element) => ({
    hue: (element as HTMLElement).style.getPropertyValue('--aap-avatar-hue'),
    image: getComputedStyle(element).backgroundImage,
    width: element.getBoundingClientRect().width,
  }))
  expect(avatar.hue).toMatch(/^\d+$/)
  expect(avatar.image).toContain('linear-gradient')
  expect(avatar.width).toBe(64)
  await dialog.getByRole('button', { name: 'Copy address' }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'Address copied' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
  await expect(page.getByText('Minted! Welcome aboard.')).toBeVisible()
  // The on-chain artwork, a data: image.
  const art = page.getByRole('img', { name: /^All-Access Pass #\d+$/ })
  await expect(art).toHaveJSProperty('complete', true)
  expect(await art.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)

  expect(await violations()).toEqual([])
})

test('the e-mail sign-in, through the embedded wallet’s frame, runs under the site’s CSP with no violation (its frame-src)', async ({
  page,
}) => {
  const violations = await recordViolations(page)
  const { policy } = await servedPolicy(page)
  expect(policy['frame-src']).toContain(new URL(E2E_FRAME_URL).origin)
  await signInByEmail(page, newEmail())
  await expect(page.getByRole('banner').getByRole('button', { name: /^0x/ })).toBeVisible()
  expect(await violations()).toEqual([])
})

test('the CSP check can fail: an inline style attribute on the page is reported', async ({ page }) => {
  const violations = await recordViolations(page)
  await page.goto('/')
  await page.evaluate(() => {
    const probe = document.createElement('div')
    probe.setAttribute('style', 'color: red')
    document.body.append(probe)
  })
  await expect.poll(violations).toContainEqual(expect.stringMatching(/^style-src-attr inline/))
})
