import type { CaipNetworkId, ChainNamespace } from './types'

/*
 * One WalletConnect session shared by the chain families (docs/behaviour.md#walletconnect, MULTI_CHAIN): the family
 * whose connector pairs (EVM's) announces its session here; another family (Solana's) offers the namespace it
 * wants proposed beside, and follows the session to open its part of the connection over it. No dependency
 * here, and only those two lazy chunks import it: it costs the page's first load nothing.
 */

/** What a family asks a wallet for in its namespace, as a WalletConnect proposal's optional namespace. */
export type ProposedNamespace = { chains: CaipNetworkId[]; methods: string[]; events: string[] }

/** The session as the other families see it. */
export type SharedWalletConnectSession = {
  topic: string
  /** The connection that pairs it: the chain layer shows the other families' parts as one with it. */
  owner: { namespace: ChainNamespace; connectorId: string }
  /** The wallet, as its pairing describes itself. */
  wallet: { name: string; icon?: string | undefined }
  /** The session's accounts (CAIP-10) in `namespace`. */
  accounts(namespace: ChainNamespace): string[]
  /** The methods the wallet approved in `namespace`. */
  methods(namespace: ChainNamespace): string[]
  /** A request to the wallet over the session, on `chainId`. */
  request(chainId: CaipNetworkId, method: string, params: unknown): Promise<unknown>
  /** Ends the session at the wallet, once for every namespace in it. */
  disconnect(): Promise<void>
}

type Listener = (session: SharedWalletConnectSession | undefined) => void
const listeners = new Set<Listener>()
const offered = new Map<ChainNamespace, ProposedNamespace>()
let shared: SharedWalletConnectSession | undefined

/** A family's namespace to propose beside the pairing family's own (undefined: no longer). */
export function offerWalletConnectNamespace(
  namespace: ChainNamespace,
  proposal: ProposedNamespace | undefined,
): void {
  if (proposal && proposal.chains.length > 0) offered.set(namespace, proposal)
  else offered.delete(namespace)
}

/** The other families' namespaces to propose, by namespace. */
export const offeredWalletConnectNamespaces = (): Record<string, ProposedNamespace> =>
  Object.fromEntries(offered)

/** The pairing family's session, or undefined once it ended. */
export function announceWalletConnectSession(session: SharedWalletConnectSession | undefined): void {
  if (session === shared) return
  shared = session
  for (const listener of listeners) listener(session)
}

/** Hears the session now (if any) and on each change; the return stops it. */
export function followWalletConnectSession(listener: Listener): () => void {
  listeners.add(listener)
  if (shared) listener(shared)
  return () => listeners.delete(listener)
}
