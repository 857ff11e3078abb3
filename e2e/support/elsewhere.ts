import type { Page } from '@playwright/test'
import { loopbackUrl } from '../../scripts/hosts'
import { E2E_SITE_URL } from './ports'

/**
 * Serves the site to the page from 127.0.0.2, an address of this machine that is no loopback name the cloud
 * lets through by itself and that the project's allow list does not name. Returns the page's origin there.
 * Call before the first navigation.
 */
export async function serveSiteFromDisallowedOrigin(page: Page): Promise<string> {
  const site = new URL(E2E_SITE_URL)
  const elsewhere = `http://127.0.0.2:${site.port}`
  await page.route(`${elsewhere}/**`, async (route) => {
    const url = new URL(route.request().url())
    url.host = site.host
    // Fetched from Node, which does not resolve the site's *.localhost name.
    // A request still in flight when its test ends (a lazy chunk) has no page to go to: dropped, not an error.
    const response = await route.fetch({ url: loopbackUrl(url.href) }).catch(() => undefined)
    if (response) await route.fulfill({ response }).catch(() => {})
    else await route.abort().catch(() => {})
  })
  // Chromium asks before a page on that address reaches 127.0.0.1 (Local Network Access): the visitor allows.
  await page.context().grantPermissions(['local-network-access'], { origin: elsewhere })
  return elsewhere
}
