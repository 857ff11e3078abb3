import {
  type Config,
  ConnectorAlreadyConnectedError,
  connect,
  disconnect,
  getBalance,
  switchChain,
  watchConnectors,
} from '@wagmi/core'
import type { Address } from 'viem'
import { ConnectionErrorText, ModalError } from '../../core/errors'
import type { ChainAdapter, Connection, ConnectionState, Network } from '../../core/types'
import { toConnector } from './toConnector'
import { toNetwork } from './toNetwork'

/**
 * The EVM adapter: the site's wagmi config is the single source of networks, connectors and connection state,
 * so the page's wagmi hooks and the modal never disagree.
 */
export function createEvmAdapter(config: Config): ChainAdapter {
  const networks = config.chains.map(toNetwork)
  let cachedState: { source: Config['state']; mapped: ConnectionState } | undefined

  function getConnectionState(): ConnectionState {
    const source = config.state
    if (cachedState?.source === source) return cachedState.mapped
    const connections = new Map<string, Connection>()
    for (const [uid, connection] of source.connections) {
      connections.set(uid, {
        connectorId: connection.connector.id,
        accounts: connection.accounts.map((address) => ({ address, type: 'eoa' as const })),
        chainId: connection.chainId,
      })
    }
    const mapped: ConnectionState = { connections, current: source.current, status: source.status }
    cachedState = { source, mapped }
    return mapped
  }

  const findConnector = (connectorId: string) => {
    const connector = config.connectors.find((candidate) => candidate.id === connectorId)
    if (!connector) throw new ModalError(ConnectionErrorText.noConnectorForConnection)
    return connector
  }

  return {
    namespace: 'eip155',
    networks,
    getConnectors: () => config.connectors.map(toConnector),
    getConnectionState,
    subscribe(listener) {
      const unsubscribeState = config.subscribe((state) => state, listener)
      const unsubscribeConnectors = watchConnectors(config, { onChange: listener })
      return () => {
        unsubscribeState()
        unsubscribeConnectors()
      }
    },
    async connect(connectorId) {
      try {
        await connect(config, { connector: findConnector(connectorId) })
      } catch (error) {
        // Picking the wallet that is already connected is a success, not an error.
        if (error instanceof ConnectorAlreadyConnectedError) return
        throw error
      }
    },
    async disconnect() {
      await disconnect(config)
    },
    async switchNetwork(network: Network) {
      await switchChain(config, { chainId: Number(network.id) })
    },
    async getBalance(address, network) {
      const { value, decimals, symbol } = await getBalance(config, {
        address: address as Address,
        chainId: Number(network.id),
      })
      return { value, decimals, symbol }
    },
  }
}
