import { storageKey } from '../kernel/storage'
import type { ChainNamespace } from './types'

/*
 * The rules of several wallets at once (docs/behaviour.md#profile-wallets, spec §4), pure: which connection is
 * current after a connect or a disconnect, which namespace the modal acts on then, and the `multiWallet` switch
 * that keeps one wallet per namespace. A connection is named here by a key that outlives the page,
 * `<namespace>/<connector id>` (wagmi's own connection ids are new on every load); an order is a list of keys,
 * the first connected first.
 */

/** The local-storage key of the connections' order (docs/behaviour.md#storage). */
export const CONNECTION_ORDER_KEY = storageKey('connectionOrder')

/** The local-storage key of each namespace's current connection, kept for the next page (docs/behaviour.md#storage). */
export const CURRENT_CONNECTION_KEY = storageKey('currentConnection')

/** The local-storage key of the namespace the modal acted on when the page was left (a reload acts on it again). */
export const ACTIVE_NAMESPACE_KEY = storageKey('activeNamespace')

/** At most this many keys are kept: wallets left connected elsewhere never pile up. */
export const CONNECTION_ORDER_KEPT = 16

/** The key of a connection that outlives the page: its namespace and its connector's id. */
export const connectionKey = (namespace: ChainNamespace, connectorId: string) => `${namespace}/${connectorId}`

/** The key of an open connection; its id while its connector is not listed. */
export const keyOf = (connection: {
  id: string
  namespace: ChainNamespace
  connector?: { id: string } | undefined
}) => (connection.connector ? connectionKey(connection.namespace, connection.connector.id) : connection.id)

/** The namespace a key names. */
export const namespaceOf = (key: string) => key.slice(0, key.indexOf('/')) as ChainNamespace

/**
 * The order after a change: the keys still in `order` keep their places, `removed` ones leave, and each key
 * in `open` that `order` lacks joins at the end (it connected last). Keys not open now stay (their wallet may
 * not have reconnected yet after a reload); the oldest go past CONNECTION_ORDER_KEPT.
 */
export function nextOrder(
  order: readonly string[],
  open: readonly string[],
  removed: readonly string[] = [],
): string[] {
  const kept = order.filter((key) => !removed.includes(key))
  const joined = [...kept, ...open.filter((key) => !kept.includes(key))]
  return joined.slice(-CONNECTION_ORDER_KEPT)
}

/**
 * The connection current in `removed`'s namespace once it ends: the current one when another ended; else the
 * one connected last of those left in `order`; undefined when none is left (the namespace is disconnected).
 */
export function currentAfterDisconnect(
  order: readonly string[],
  current: string | undefined,
  removed: string,
): string | undefined {
  if (current !== undefined && current !== removed) return current
  const namespace = namespaceOf(removed)
  return order.filter((key) => key !== removed && namespaceOf(key) === namespace).at(-1)
}

/**
 * The connection current once a namespace's wallets reconnected after a reload, whatever order they reconnected
 * in: the one current when the page was left (`left`) when it reconnected, else the first connected (in `order`)
 * of those that did; undefined when none did.
 */
export function currentAfterRestore(
  order: readonly string[],
  open: readonly string[],
  left: string | undefined,
): string | undefined {
  if (left !== undefined && open.includes(left)) return left
  return order.find((key) => open.includes(key)) ?? open[0]
}

/**
 * The namespace the modal acts on once a connection ended: the active one while it has a connection in
 * `order`, else the namespace of the one connected last, else the active one still.
 */
export function activeAfterDisconnect(order: readonly string[], active: ChainNamespace): ChainNamespace {
  if (order.some((key) => namespaceOf(key) === active)) return active
  const last = order.at(-1)
  return last === undefined ? active : namespaceOf(last)
}

/**
 * What picking a connector does (spec §4, §6): `switch` to its open connection (no new login), `connect` when
 * its namespace has none open or the project allows several, else `refuse` ('Multi-Wallet Not Enabled').
 */
export function onConnect(
  open: readonly string[],
  key: string,
  multiWallet: boolean,
): 'switch' | 'connect' | 'refuse' {
  if (open.includes(key)) return 'switch'
  const namespace = namespaceOf(key)
  if (multiWallet || !open.some((other) => namespaceOf(other) === namespace)) return 'connect'
  return 'refuse'
}

/** The order kept in storage, or none when what is there is not a list of keys. */
export function parseOrder(stored: string | null | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]')
    if (!Array.isArray(parsed)) return []
    return parsed.filter((key): key is string => typeof key === 'string' && key.includes('/'))
  } catch {
    return []
  }
}

/** Each namespace's current key kept in storage, or none when what is there is not a map of keys. */
export function parseCurrent(stored: string | null | undefined): Partial<Record<ChainNamespace, string>> {
  try {
    const parsed: unknown = JSON.parse(stored ?? '{}')
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
    return Object.fromEntries(
      Object.entries(parsed).filter(
        ([namespace, key]) => typeof key === 'string' && namespaceOf(key) === namespace,
      ),
    )
  } catch {
    return {}
  }
}
