import { fileURLToPath } from 'node:url'
import type { ModalOptions } from '@allaccess/modal'
import type { Page } from '@playwright/test'
import { bundlePage } from './bundlePage'
import { DEVNET_ID } from './fixtures'
import { E2E_CLOUD_URL, E2E_RPC_URL, E2E_SITE_URL } from './ports'

/** The modal options a test sets on the options page (data only: it crosses into the page as JSON). */
export type PageModalOptions = Pick<ModalOptions, 'features' | 'termsConditionsUrl' | 'privacyPolicyUrl'>

/**
 * What else the page sets up: sign-in with the wallet (required), WalletConnect on the e2e relay, another project
 * than the local one.
 */
export type PageExtras = {
  signIn?: boolean
  walletConnect?: { relayUrl: string; verifyUrl: string }
  projectId?: string
}

export type OptionsPageConfig = {
  cloudUrl: string
  rpcUrl: string
  chainId: number
  projectId: string
  modal: PageModalOptions
} & PageExtras

export const OPTIONS_PAGE_URL = `${E2E_SITE_URL}/options-page/`
const SCRIPT_URL = `${OPTIONS_PAGE_URL}modal.js`

let script: Promise<string> | undefined
/** options.page.ts as one script, built once per worker. */
function pageScript(): Promise<string> {
  script ??= bundlePage(fileURLToPath(new URL('./options.page.ts', import.meta.url)), 'optionsPage')
  return script
}

/**
 * Opens a page on the site's origin (so the cloud serves it as it serves the site) whose modal is created with
 * `options`, against the e2e stack's cloud and chain. Its header's Connect Wallet button opens the modal.
 */
export async function gotoOptionsPage(
  page: Page,
  options: PageModalOptions,
  extras: PageExtras = {},
): Promise<void> {
  const code = await pageScript()
  const config: OptionsPageConfig = {
    cloudUrl: E2E_CLOUD_URL,
    rpcUrl: E2E_RPC_URL,
    chainId: DEVNET_ID,
    modal: options,
    ...extras,
    projectId: extras.projectId ?? 'allaccess-local',
  }
  await page.addInitScript((pageConfig) => Object.assign(window, { pageConfig }), config)
  // Chromium can't tell where a page answered by the test comes from, so it asks before the page calls the
  // loopback cloud; the site, served from 127.0.0.1 itself, never needs this.
  await page.context().grantPermissions(['local-network-access'], { origin: E2E_SITE_URL })
  await page.route(SCRIPT_URL, (route) =>
    route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: code }),
  )
  await page.route(OPTIONS_PAGE_URL, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Modal options</title></head><body><header><button type="button">Connect Wallet</button></header><script src="${SCRIPT_URL}"></script></body></html>`,
    }),
  )
  await page.goto(OPTIONS_PAGE_URL)
}
