import type { KeyValueStorage } from '../kernel/environment'
import {
  CONNECTION_ORDER_KEY,
  CURRENT_CONNECTION_KEY,
  currentAfterRestore,
  keyOf,
  parseCurrent,
  parseOrder,
} from './connectionRules'
import type { Chains } from './createChains'
import { partsOf } from './multiChain'
import type { ChainNamespace } from './types'

/**
 * Keeps each namespace's current connection across page loads (`allaccess.currentConnection`) and makes it
 * current again once a reload's reconnects are over (docs/behaviour.md#profile-wallets). The adapters' own
 * records can't be trusted for it: wagmi makes the first wallet that reconnects current, and its own record
 * (`recentConnectorId`) is written by a disconnect after the modal has already switched back. Built with the
 * chain layer, before any feature loads: a reload reconnects before the visitor opens anything.
 */
export function restoreCurrent({
  chains,
  storage,
  report,
}: {
  chains: Chains
  storage: KeyValueStorage | undefined
  report(error: unknown): void
}): () => void {
  const read = <T>(key: string, parse: (stored: string | null) => T): T => {
    try {
      return parse(storage?.getItem(key) ?? null)
    } catch {
      return parse(null)
    }
  }
  /** The namespaces whose wallets are reconnecting now (a reload). */
  const restoring = new Set<ChainNamespace>()
  let kept = read(CURRENT_CONNECTION_KEY, parseCurrent)

  function onChange() {
    const { connections, current, status } = chains.getConnections()
    const next = { ...kept }
    for (const { namespace } of chains.adapters) {
      if (status[namespace] === 'reconnecting') restoring.add(namespace)
      // Nothing is kept mid-way: a reload's first reconnected wallet, or one connecting, is not the visitor's pick.
      if (status[namespace]?.endsWith('connecting')) continue
      // A connection that spans namespaces is current in each by its part there.
      const open = [...connections.values()]
        .flatMap(partsOf)
        .filter((connection) => connection.namespace === namespace)
      if (restoring.delete(namespace)) {
        const order = read(CONNECTION_ORDER_KEY, parseOrder)
        const wanted = currentAfterRestore(order, open.map(keyOf), kept[namespace])
        const connection = open.find((candidate) => keyOf(candidate) === wanted)
        if (connection && wanted) {
          next[namespace] = wanted
          if (connection.id !== current[namespace]) void chains.makeCurrent(connection.id).catch(report)
          continue
        }
      }
      const now = connections.get(current[namespace] ?? '')
      const part = now && partsOf(now).find((candidate) => candidate.namespace === namespace)
      if (part) next[namespace] = keyOf(part)
    }
    if (JSON.stringify(next) === JSON.stringify(kept)) return
    kept = next
    try {
      storage?.setItem(CURRENT_CONNECTION_KEY, JSON.stringify(kept))
    } catch {
      // Full or blocked storage: a reload makes the first connected current.
    }
  }
  const unsubscribe = chains.subscribe(onChange)
  onChange()
  return unsubscribe
}
