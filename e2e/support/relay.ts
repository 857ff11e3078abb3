import type { Page } from '@playwright/test'

/**
 * Makes the page's WalletConnect relay sockets name `projectId` instead of the site's own project: the real
 * relay then answers as it would for that project. Call before the first navigation.
 */
export async function relaySocketsNameProject(page: Page, projectId: string): Promise<void> {
  await page.addInitScript((projectId) => {
    const Native = window.WebSocket
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        const target = new URL(url)
        if (target.pathname.endsWith('/relay')) target.searchParams.set('projectId', projectId)
        super(target, protocols)
      }
    }
  }, projectId)
}
