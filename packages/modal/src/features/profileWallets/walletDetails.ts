import type { FeatureContext } from '../../app/featureContext'
import type { ChainConnection } from '../../chains/createChains'
import { partsOf } from '../../chains/multiChain'
import type { ChainAdapter } from '../../chains/types'
import { createStore } from '../../kernel/store'
import { fetchIdentity } from '../account/fetchIdentity'
import { nativeBalanceText } from '../account/fetchNativeBalance'

/** What a row of the Wallets view shows beside its wallet: its native balance, and its name where it has one. */
export type WalletDetail = { balance?: string; name?: string }

/**
 * Each open connection's balance and name (spec §2, docs/behaviour.md#profile-wallets), read for its own account
 * on its own network through the modal's one cache, as Account reads them (the same keys: one read serves both).
 * Kept by connection id; a connection's details are cleared when its account or network changes.
 */
export function createWalletDetails({
  options,
  chains,
  cache,
}: Pick<FeatureContext, 'options' | 'chains' | 'cache'>) {
  const state = createStore<Readonly<Record<string, WalletDetail>>>({})
  /** What each connection's details were read for (its account and network), so a change reads them again. */
  const readFor = new Map<string, string>()
  const account = options.api?.account
  const cloud = account ? () => account() : undefined

  const set = (id: string, detail: WalletDetail) =>
    state.setState((previous) => ({ ...previous, [id]: { ...previous[id], ...detail } }))

  async function readBalance(adapter: ChainAdapter, connection: ChainConnection, address: string) {
    const network = adapter.networks.find((candidate) => String(candidate.id) === String(connection.chainId))
    const load = adapter.loadWalletActions?.bind(adapter)
    // An unconfigured network has no coin to show, and a family without wallet calls no balance.
    if (!network || !load) return
    set(connection.id, { balance: await nativeBalanceText({ cache, wallet: load }, address, network) })
  }

  async function readName(connection: ChainConnection, address: string) {
    if (!cloud || chains.family(connection.namespace)?.names === false) return
    const identity = await fetchIdentity({ cache, cloud }, address).catch(() => undefined)
    if (identity?.name) set(connection.id, { name: identity.name })
  }

  /**
   * Reads the details of every connection given; of one that spans namespaces, each part's, by the part's id.
   * The cache answers at once while its entries are fresh (a new balance after a transaction is in it as soon as
   * Account or the site invalidates it).
   */
  function load(connections: Iterable<ChainConnection>): Promise<unknown> {
    const reads: Promise<unknown>[] = []
    for (const connection of [...connections].flatMap(partsOf)) {
      const address = connection.accounts[0]?.address
      if (!address) continue
      const key = `${address}@${connection.chainId}`
      // Another account or network: what was shown was another account's.
      if (readFor.get(connection.id) !== key)
        state.setState((previous) => ({ ...previous, [connection.id]: {} }))
      readFor.set(connection.id, key)
      const adapter = chains.adapterFor(connection.namespace)
      reads.push(readBalance(adapter, connection, address), readName(connection, address))
    }
    return Promise.all(reads)
  }

  return { state, load }
}

export type WalletDetails = ReturnType<typeof createWalletDetails>
