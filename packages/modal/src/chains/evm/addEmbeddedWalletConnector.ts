import type { Config, Connector } from '@wagmi/core'
import { EMBEDDED_WALLET_TYPE, type EmbeddedWalletOptions } from './embeddedWalletOptions'

const registering = new WeakMap<Config, Promise<Connector>>()

/**
 * Adds the embedded (e-mail) wallet's connector to a wagmi config at run time, like `addWalletConnectConnector`:
 * its code is a chunk of its own and its frame is added only when first used. Call it when the modal is first
 * used, and before `hydrate(...).onMount()` when the stored connection is the embedded wallet's
 * (`hasEmbeddedWalletConnection`). Once per config.
 */
export function addEmbeddedWalletConnector(
  config: Config,
  options: EmbeddedWalletOptions,
): Promise<Connector> {
  let connector = registering.get(config)
  if (!connector) {
    connector = import('./embeddedWallet').then(({ embeddedWallet }) => {
      const existing = config.connectors.find((candidate) => candidate.type === EMBEDDED_WALLET_TYPE)
      if (existing) return existing
      const added = config._internal.connectors.setup(embeddedWallet(options))
      config._internal.connectors.setState((connectors) => [...connectors, added])
      return added
    })
    registering.set(config, connector)
    connector.catch(() => registering.delete(config))
  }
  return connector
}

/** Whether a persisted wagmi state (`readPersistedState()`) holds an embedded-wallet connection to restore. */
export function hasEmbeddedWalletConnection(
  state: Pick<Config['state'], 'connections'> | undefined,
): boolean {
  return [...(state?.connections.values() ?? [])].some(
    ({ connector }) => connector.type === EMBEDDED_WALLET_TYPE,
  )
}
