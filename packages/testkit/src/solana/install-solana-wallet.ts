import type { Page } from '@playwright/test'
import type { ProviderRpcErrorShape } from '../errors'
import { createScriptedSolanaWallet, type ScriptedSolanaWalletOptions } from './scripted-solana-wallet'
import {
  type AccountShape,
  buildSolanaWallet,
  registerWalletStandardWallet,
  type SolanaWalletPageConfig,
} from './wallet-standard-wallet'

export interface SolanaWalletOptions extends ScriptedSolanaWalletOptions, Partial<SolanaWalletPageConfig> {}

const DEFAULT_NAME = 'Testkit Solana Wallet'
const DEFAULT_ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#9945ff"/><path d="M9 10h14l-3 3H6zm0 9h14l-3 3H6z" fill="#fff"/></svg>',
).toString('base64')}`

type Reply = { ok: true; result: unknown } | { ok: false; error: ProviderRpcErrorShape }

/** The page's side: the wallet built on the binding, registered with the Wallet Standard, events from Node. */
function pageScript(config: SolanaWalletPageConfig, bindingName: string, eventsKey: string): string {
  return `(() => {
    const __name = (target) => target;
    const build = ${buildSolanaWallet.toString()};
    const register = ${registerWalletStandardWallet.toString()};
    const call = async (method, params) => {
      const reply = await window[${JSON.stringify(bindingName)}]({ method, params });
      if (reply.ok) return reply.result;
      throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
    };
    const { wallet, change } = build(${JSON.stringify(config)}, call);
    window[${JSON.stringify(eventsKey)}] = change;
    register(wallet);
  })()`
}

/**
 * Puts a scripted Wallet Standard Solana wallet into every document the page loads (as an extension does):
 * calls are answered in Node with a real ed25519 key, so the site's access survives reloads; sends go through
 * `rpcUrl`.
 */
export async function installSolanaWallet(page: Page, options: SolanaWalletOptions) {
  const { name = DEFAULT_NAME, icon = DEFAULT_ICON, chains = ['solana:localnet'], ...walletOptions } = options
  const suffix = name.replace(/\W/g, '_')
  const bindingName = `__allaccessSolanaRequest_${suffix}`
  const eventsKey = `__allaccessSolanaEvents_${suffix}`
  const deliver = async (accounts: AccountShape[]) => {
    await Promise.all(
      page
        .frames()
        .map((frame) =>
          frame
            .evaluate(
              ([key, shapes]) => (window as unknown as Record<string, (a: unknown) => void>)[key]?.(shapes),
              [eventsKey, accounts] as const,
            )
            .catch(() => undefined),
        ),
    )
  }
  const wallet = await createScriptedSolanaWallet(walletOptions, deliver)
  await page.exposeBinding(bindingName, async ({ frame }, request: { method: string; params?: unknown }) => {
    try {
      const origin = new URL(frame.url()).origin
      return { ok: true, result: await wallet.handle({ ...request, origin }) } satisfies Reply
    } catch (error) {
      const shape = error as ProviderRpcErrorShape
      return { ok: false, error: { code: shape.code, message: shape.message } } satisfies Reply
    }
  })
  await page.addInitScript(pageScript({ name, icon, chains }, bindingName, eventsKey))
  return wallet
}
