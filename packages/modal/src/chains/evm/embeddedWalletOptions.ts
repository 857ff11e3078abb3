import { storageKey } from '../../kernel/storage'
/** The embedded wallet's wagmi connector type (and id). */
export const EMBEDDED_WALLET_TYPE = 'embeddedWallet'

/** Local storage (docs/behaviour.md#email): the e-mail login was used here (the frame is then added on load). */
export const EMAIL_LOGIN_USED_KEY = storageKey('emailLoginUsed')

export type EmbeddedWalletOptions = {
  /** The frame's page on its own origin. */
  frameUrl: string
  projectId: string
  /** The cloud's RPC gateway of a chain: what the frame reads and sends through. */
  rpcUrl(chainId: number): string
  version: string
}
