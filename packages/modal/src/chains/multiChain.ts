import type { ChainConnection } from './connections'

/*
 * Connections that span namespaces (docs/behaviour.md#chains, MULTI_CHAIN): one WalletConnect session with eip155
 * and solana accounts is one connection of each adapter, the second naming the first (`partOf`). The chain layer
 * joins them into one connection, the owner's id, namespace and chain, every part's accounts, of type MULTI_CHAIN.
 */

/** A connection's parts: each namespace's own connection (itself, for a connection of one namespace). */
export const partsOf = (connection: ChainConnection): readonly ChainConnection[] =>
  connection.parts ?? [connection]

/**
 * Every connection once the parts of one are joined, in the order given (a part leaves its place for its
 * owner's), and each part's id to the joined connection's. A part whose owner is not open (yet: a reload
 * reconnects the families one by one) stays a connection of its own.
 */
export function joinParts(connections: readonly ChainConnection[]): {
  connections: ChainConnection[]
  joinedId: ReadonlyMap<string, string>
} {
  const ownerOf = (part: ChainConnection) =>
    part.partOf &&
    connections.find(
      (candidate) =>
        candidate.namespace === part.partOf?.namespace && candidate.connector?.id === part.partOf.connectorId,
    )
  const partsByOwner = new Map<string, ChainConnection[]>()
  for (const connection of connections) {
    const owner = ownerOf(connection)
    if (owner) partsByOwner.set(owner.id, [...(partsByOwner.get(owner.id) ?? []), connection])
  }
  const joinedId = new Map<string, string>()
  const joined: ChainConnection[] = []
  for (const connection of connections) {
    if (ownerOf(connection)) continue
    const parts = partsByOwner.get(connection.id)
    if (!parts) {
      joined.push(connection)
      continue
    }
    const all = [connection, ...parts]
    for (const part of parts) joinedId.set(part.id, connection.id)
    joined.push({
      ...connection,
      // The owner's connector as a connection that spans namespaces shows it (a new object only when the parts change).
      connector: connection.connector && { ...connection.connector, type: 'MULTI_CHAIN' },
      accounts: all.flatMap((part) => part.accounts),
      parts: all,
    })
  }
  return { connections: joined, joinedId }
}
