import type { ChainNamespace, ConnectionAccount, ConnectionStatus, Connector, Network } from './types'

/**
 * One wallet connection as the chain layer keeps it, whatever its family: several may be open at once, in one
 * namespace or in several (docs/behaviour.md#chains).
 */
export type ChainConnection = {
  /** Unique across namespaces: `<namespace>/<the adapter's own id>`. */
  id: string
  namespace: ChainNamespace
  /** The connector it was made with; undefined while the adapter no longer lists it. */
  connector: Connector | undefined
  /** Its accounts, the one in use first. */
  accounts: readonly ConnectionAccount[]
  chainId: number | string
  /** This family's part of another family's connection (chains/multiChain.ts), as its adapter names it. */
  partOf?: { namespace: ChainNamespace; connectorId: string }
  /** A connection that spans namespaces (type MULTI_CHAIN): each namespace's part, the owner's first. */
  parts?: readonly ChainConnection[]
}

/** Every open connection by id, the current one of each namespace, and each namespace's status. */
export type ConnectionsState = {
  connections: ReadonlyMap<string, ChainConnection>
  current: Readonly<Partial<Record<ChainNamespace, string>>>
  status: Readonly<Partial<Record<ChainNamespace, ConnectionStatus>>>
}

/** A namespace's account as features read it: derived from its current connection (its first account). */
export type AccountSnapshot = {
  status: ConnectionStatus
  address: string | undefined
  caipAddress: string | undefined
  chainId: number | string | undefined
  /** The configured network the wallet is on; undefined when it sits on an unconfigured one. */
  network: Network | undefined
  connector: Connector | undefined
  /** The connection it is read from (`modal.disconnect(id)`, `modal.switchConnection(id)`). */
  connectionId: string | undefined
}
