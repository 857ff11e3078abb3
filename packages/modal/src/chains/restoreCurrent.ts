import type { KeyValueStorage } from '../kernel/environment'
import {
  ACTIVE_NAMESPACE_KEY,
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
 * current again once a reload's reconnects are over, and the namespace acted on (`allaccess.activeNamespace`),
 * active again once a connection of it is open (docs/behaviour.md#profile-wallets). The adapters' own
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
  /** The namespace acted on when the page was left: active again once a connection of it is open. */
  let leftOn = read(
    ACTIVE_NAMESPACE_KEY,
    (stored) => chains.adapters.find((a) => a.namespace === stored)?.namespace,
  )
  const write = (key: string, value: string) => {
    try {
      storage?.setItem(key, value)
    } catch {
      // Full or blocked storage: a reload makes the first connected current, on the first family.
    }
  }

  function onChange() {
    const { connections, current, status } = chains.getConnections()
    const opened = (namespace: ChainNamespace) =>
      !status[namespace]?.endsWith('connecting') &&
      [...connections.values()].some((connection) => connection.namespace === namespace)
    // Its wallet may come back after another family's (the e-mail wallet's Solana account opens after its login).
    if (leftOn && opened(leftOn)) {
      const wanted = leftOn
      leftOn = undefined
      chains.setActiveNamespace(wanted)
    }
    const active = chains.state.getState().activeNamespace
    if (active && opened(active)) write(ACTIVE_NAMESPACE_KEY, active)
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
    write(CURRENT_CONNECTION_KEY, JSON.stringify(kept))
  }
  const unsubscribe = chains.subscribe(onChange)
  onChange()
  return unsubscribe
}
