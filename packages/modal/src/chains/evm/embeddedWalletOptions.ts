import { storageKey } from '../../kernel/storage'
/** The embedded wallet's wagmi connector type. */
export const EMBEDDED_WALLET_TYPE = 'embeddedWallet'
/**
 * The embedded wallet's connector id: the one AppKit gives its AUTH connector, so a site's `connect('ID_AUTH')`
 * works unchanged (wagmi's reconnect tries every connector, so a connection stored under the former id still
 * reconnects).
 */
export const EMBEDDED_WALLET_ID = 'ID_AUTH'

/** Local storage (docs/behaviour.md#email): the e-mail login was used here (the frame is then added on load). */
export const EMAIL_LOGIN_USED_KEY = storageKey('emailLoginUsed')
/**
 * The embedded wallet's session handle from the frame's last sessionUpdate (docs/embedded-wallet.md#session-handle):
 * an opaque id, not a credential; a load whose frame holds another session is not reconnected silently.
 */
export const EMBEDDED_SESSION_HANDLE_KEY = storageKey('embeddedSessionHandle')

export type EmbeddedWalletOptions = {
  /** The frame's page on its own origin. */
  frameUrl: string
  projectId: string
  /** The cloud's RPC gateway of a chain: what the frame reads and sends through. */
  rpcUrl(chainId: number): string
  version: string
}
