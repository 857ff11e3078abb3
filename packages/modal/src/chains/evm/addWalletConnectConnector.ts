import type { Config, Connector } from '@wagmi/core'
import type { WalletConnectOptions } from './walletConnectOptions'

const registering = new WeakMap<Config, Promise<Connector>>()

/**
 * Adds the WalletConnect connector to a wagmi config at run time, the way wagmi adds the wallets it discovers
 * (EIP-6963): the connector's code is its own chunk, so a page that registers it this way pays nothing for it
 * on first load. Call it when the modal is first used, and before `hydrate(...).onMount()` when the stored
 * connection is a WalletConnect one (see `hasWalletConnectConnection`). Once per config; later calls resolve to
 * the same connector.
 */
export function addWalletConnectConnector(config: Config, options: WalletConnectOptions): Promise<Connector> {
  let connector = registering.get(config)
  if (!connector) {
    connector = import('./walletConnect').then(({ walletConnect }) => {
      const existing = config.connectors.find((candidate) => candidate.type === walletConnect.type)
      if (existing) return existing
      const added = config._internal.connectors.setup(walletConnect(options))
      config._internal.connectors.setState((connectors) => [...connectors, added])
      return added
    })
    registering.set(config, connector)
    // A failed chunk load may be retried by the next call.
    connector.catch(() => registering.delete(config))
  }
  return connector
}

/** Whether a persisted wagmi state (`readPersistedState()`) holds a WalletConnect session to restore. */
export function hasWalletConnectConnection(state: Pick<Config['state'], 'connections'> | undefined): boolean {
  return [...(state?.connections.values() ?? [])].some(({ connector }) => connector.type === 'walletConnect')
}
