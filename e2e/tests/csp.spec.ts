import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, modal, test } from '../support/fixtures'

const STRICT_CSP = "script-src 'self'; style-src 'self'"
const dist = process.env.E2E_SITE_DIST ?? fileURLToPath(new URL('../../apps/site/dist-e2e', import.meta.url))
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
}

/** The site's production build (made by globalSetup) behind the strict CSP, on a free port. */
function serveStrict(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    const file = join(dist, path === '/' ? 'index.html' : path)
    const body = file.startsWith(dist) ? await readFile(file).catch(() => null) : null
    response.writeHead(body ? 200 : 404, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-security-policy': STRICT_CSP,
    })
    response.end(body ?? 'not found')
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  )
}

test(`the modal works under "Content-Security-Policy: ${STRICT_CSP}" with no violation`, async ({
  page,
  context,
  wallet,
}) => {
  const site = await serveStrict()
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
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
    const response = await page.goto(site.url)
    expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP)

    await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = modal(page)
    await expect(dialog).toBeVisible()
    // The constructable stylesheet applied: the dialog has its 360 px width and themed background.
    expect((await dialog.boundingBox())?.width).toBe(360)
    await dialog.getByRole('button', { name: 'Testkit Wallet' }).click()
    await expect(dialog).toBeHidden()

    const short = `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`
    await page.getByRole('banner').getByRole('button', { name: short }).click()
    await expect(dialog.getByRole('heading', { name: 'Account' })).toBeVisible()
    await expect(dialog.getByText(short)).toBeVisible()
    await expect(dialog.getByText(/ETH$/)).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Disconnect' })).toBeVisible()
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

    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([])
    expect(consoleErrors).toEqual([])
  } finally {
    await site.close()
  }
})

test('the CSP check can fail: an inline style attribute on the page is reported', async ({ page }) => {
  const site = await serveStrict()
  try {
    await page.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, { cspViolations: seen })
      document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective))
    })
    await page.goto(site.url)
    await page.evaluate(() => {
      const probe = document.createElement('div')
      probe.setAttribute('style', 'color: red')
      document.body.append(probe)
    })
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))
      .toContain('style-src-attr')
  } finally {
    await site.close()
  }
})
