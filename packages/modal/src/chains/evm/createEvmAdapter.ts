import { type Config, connect, disconnect, switchChain, switchConnection, watchConnectors } from '@wagmi/core'
import { KernelError } from '../../kernel/errors'
import type { ChainAdapter, Connection, ConnectionState, Connector, Network, SignInOnConnect } from '../types'
import { evmFamily } from './evmFamily'
import { toConnector } from './toConnector'
import { toNetwork } from './toNetwork'
import { WALLETCONNECT_MESSAGES } from './walletConnectMessages'

/**
 * The EVM adapter: the site's wagmi config is the single source of networks, connectors and connection state,
 * so the page's wagmi hooks and the modal never disagree.
 */
export function createEvmAdapter(config: Config): ChainAdapter {
  const networks = config.chains.map(toNetwork)
  let cachedState: { source: Config['state']; mapped: ConnectionState } | undefined
  let cachedConnectors: { source: Config['connectors']; mapped: Connector[] } | undefined

  /** Same array until wagmi's connectors change, so snapshots built on it stay stable. */
  function getConnectors(): Connector[] {
    const source = config.connectors
    if (cachedConnectors?.source !== source) cachedConnectors = { source, mapped: source.map(toConnector) }
    return cachedConnectors.mapped
  }

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

  /** The wagmi connector behind one of wagmi's connections (keyed by its connector's uid). */
  const connectorOf = (connectionId: string) => {
    const connection = config.state.connections.get(connectionId)
    if (!connection) throw new KernelError('noConnectorForConnection')
    return connection.connector
  }

  const findConnector = (connectorId: string) => {
    const connector = config.connectors.find((candidate) => candidate.id === connectorId)
    if (!connector) throw new KernelError('noConnectorForConnection')
    return connector
  }

  /** A connector's `message` events of one type that carry a string. */
  function onMessage(connectorId: string, type: string, listener: (data: string) => void): () => void {
    const onEvent = (message: { type: string; data?: unknown }) => {
      if (message.type === type && typeof message.data === 'string') listener(message.data)
    }
    const { emitter } = findConnector(connectorId)
    emitter.on('message', onEvent)
    return () => emitter.off('message', onEvent)
  }

  /** The sign-in feature's request, while it wants WalletConnect wallets to sign in as they connect. */
  let signIn: SignInOnConnect | undefined

  return {
    namespace: 'eip155',
    family: evmFamily,
    networks,
    getConnectors,
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
      const connector = findConnector(connectorId)
      // A wallet already open (the current one too) switches, without a new login (docs/behaviour.md#chains).
      if (config.state.connections.has(connector.uid)) await switchConnection(config, { connector })
      // wagmi hands what else it is given to the connector: our WalletConnect connector signs in with it.
      else await connect(config, { connector, ...(signIn ? { signIn } : {}) } as never)
    },
    async disconnect(connectionId) {
      await disconnect(config, connectionId === undefined ? {} : { connector: connectorOf(connectionId) })
    },
    async switchConnection(connectionId) {
      await switchConnection(config, { connector: connectorOf(connectionId) })
    },
    setSignInOnConnect(request) {
      signIn = request
    },
    abandonConnect() {
      // wagmi's own connect action settles the status the same way when a connection fails.
      config.setState((state) =>
        state.status === 'connecting'
          ? { ...state, status: state.current ? 'connected' : 'disconnected' }
          : state,
      )
    },
    async switchNetwork(network: Network) {
      await switchChain(config, { chainId: Number(network.id) })
    },
    subscribePairingUri: (connectorId, listener) =>
      onMessage(connectorId, WALLETCONNECT_MESSAGES.pairingUri, listener),
    subscribeRelayRefusal: (connectorId, listener) =>
      onMessage(connectorId, WALLETCONNECT_MESSAGES.relayRefused, listener),
    loadWalletActions: () => import('./walletActions').then((module) => module.createWalletActions(config)),
  }
}
