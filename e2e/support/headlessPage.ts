import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import type { ExampleConfig } from '../../apps/site/src/examples/headless/main'
import { bundlePage } from './bundlePage'
import { DEVNET_ID } from './fixtures'
import { E2E_CLOUD_URL, E2E_FRAME_URL, E2E_RPC_URL, E2E_SITE_URL } from './ports'

export const HEADLESS_PAGE_URL = `${E2E_SITE_URL}/examples/headless/`
const SCRIPT_URL = `${HEADLESS_PAGE_URL}example.js`
const ENTRY = fileURLToPath(new URL('../../apps/site/src/examples/headless/main.tsx', import.meta.url))

let script: Promise<string> | undefined

/**
 * Opens the site's headless example (apps/site/src/examples/headless) on the site's origin, against the e2e
 * stack's cloud and chain; its script is built once per worker and kept out of the site's own build.
 */
export async function gotoHeadlessPage(page: Page): Promise<void> {
  script ??= bundlePage(ENTRY, 'headlessExample')
  const code = await script
  const config: ExampleConfig = {
    cloudUrl: E2E_CLOUD_URL,
    rpcUrl: E2E_RPC_URL,
    chainId: DEVNET_ID,
    projectId: 'allaccess-local',
    frameUrl: E2E_FRAME_URL,
  }
  await page.context().grantPermissions(['local-network-access'], { origin: E2E_SITE_URL })
  await page.route(SCRIPT_URL, (route) =>
    route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: code }),
  )
  await page.route(HEADLESS_PAGE_URL, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Headless example</title><script type="application/json" id="example-config">${JSON.stringify(config)}</script></head><body><div id="root"></div><script src="${SCRIPT_URL}"></script></body></html>`,
    }),
  )
  await page.goto(HEADLESS_PAGE_URL)
}
