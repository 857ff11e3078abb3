import type { CaipNetworkId, SiwxMessageData } from '../chains/types'

export type { SiwxMessageData }

/** A signed sign-in message as the server keeps it. */
export type SiwxSession = { data: SiwxMessageData; message: string; signature: string; cacao?: unknown }

/**
 * Where sign-in sessions come from and go to: the cloud's (`createSiwxClient`, the default) or a site's own
 * server. The modal asks for a message, has the wallet sign it, and hands the result back; the server decides.
 */
export type SiwxAdapter = {
  /** A message for this account on this network; the server picks its nonce, domain, uri and times. */
  createMessage(input: { chainId: CaipNetworkId; accountAddress: string }): Promise<SiwxMessageData>
  /** Verifies and keeps a signed message; rejects when the server refuses it. */
  addSession(session: SiwxSession): Promise<void>
  /** The live sessions of this account on this network. */
  getSessions(chainId: CaipNetworkId, address: string): Promise<SiwxSession[]>
  /** Ends this account's sessions on this network (signing out). */
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  /** Replaces the stored sessions: an empty list clears them all. */
  setSessions(sessions: SiwxSession[]): Promise<void>
}
