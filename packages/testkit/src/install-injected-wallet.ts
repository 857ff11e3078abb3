import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import type { ProviderRpcError } from './errors'
import {
  type BridgeReply,
  type BridgeRequest,
  installPageProvider,
  type PageProviderConfig,
} from './page-provider'
import { createScriptedWallet, type ScriptedWallet, type WalletController } from './scripted-wallet'
import type { InjectedWalletOptions, WalletEvent, WalletInfo } from './types'

export interface InjectedWallet extends WalletController {
  /** The EIP-6963 info the page sees. */
  readonly info: WalletInfo
}

const DEFAULT_NAME = 'Testkit Wallet'
const DEFAULT_RDNS = 'dev.allaccess.testkit'
const DEFAULT_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b5bdb"/><path d="M8 11h16v10H8z" fill="#fff"/></svg>',
)}`

/**
 * The provider's source as an init script. Loaders with esbuild's keepNames (tsx) wrap named functions in
 * `__name(...)`, a helper the page lacks, so the script brings a harmless one in its own scope.
 */
function initScript(config: PageProviderConfig): string {
  return `(() => { const __name = (target) => target; (${installPageProvider.toString()})(${JSON.stringify(config)}) })()`
}

function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return ''
  }
}

async function answer(wallet: ScriptedWallet, request: BridgeRequest, origin: string): Promise<BridgeReply> {
  try {
    return {
      ok: true,
      result: await wallet.handle({ method: request.method, params: request.params, origin }),
    }
  } catch (error) {
    return { ok: false, error: (error as ProviderRpcError).toShape() }
  }
}

/**
 * Delivers an event to every frame that has the provider. A frame in the middle of navigating misses it,
 * as it would miss a real extension's event; its next page asks the wallet afresh.
 */
async function deliver(page: Page, eventsKey: string, event: WalletEvent): Promise<void> {
  await Promise.all(
    page.frames().map((frame) =>
      frame
        .evaluate(
          ([key, walletEvent]) => {
            const receive = (window as unknown as Record<string, unknown>)[key]
            if (typeof receive === 'function') receive(walletEvent)
          },
          [eventsKey, event] as const,
        )
        .catch(() => undefined),
    ),
  )
}

/**
 * Puts a scripted EIP-1193 wallet into every document the page loads, announced by EIP-6963.
 * Requests are answered in Node, so permission, chain and account survive reloads and navigation.
 */
export async function installInjectedWallet(
  page: Page,
  options: InjectedWalletOptions,
): Promise<InjectedWallet> {
  const {
    name = DEFAULT_NAME,
    rdns = DEFAULT_RDNS,
    icon = DEFAULT_ICON,
    uuid = randomUUID(),
    injectWindowEthereum = false,
    ...walletOptions
  } = options
  const info: WalletInfo = { uuid, name, icon, rdns }
  const suffix = uuid.replace(/\W/g, '_')
  const bindingName = `__allaccessTestkitRequest_${suffix}`
  const eventsKey = `__allaccessTestkitEvents_${suffix}`

  const wallet = createScriptedWallet(walletOptions, (event) => deliver(page, eventsKey, event))
  await page.exposeBinding(bindingName, ({ frame }, request: BridgeRequest) =>
    answer(wallet, request, originOf(frame.url())),
  )
  await page.addInitScript(initScript({ info, bindingName, eventsKey, injectWindowEthereum }))
  return Object.assign(wallet, { info })
}
