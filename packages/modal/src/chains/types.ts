/** The chain entities of the modal (docs/behaviour.md#chains), as the kernel and every adapter see them. */

export type ChainNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122' | 'cosmos'

export type CaipNetworkId = `${ChainNamespace}:${string}`

export type Network = {
  id: number | string
  chainNamespace: ChainNamespace
  caipNetworkId: CaipNetworkId
  name: string
  nativeCurrency: { name: string; decimals: number; symbol: string }
  rpcUrls: { default: { http: readonly string[] }; chainDefault?: { http: readonly string[] } }
  blockExplorerUrl?: string
  assets?: { imageId?: string; imageUrl?: string }
}

/** How a connector reaches its wallet: a browser extension (injected or EIP-6963), WalletConnect, or other. */
export type ConnectorType = 'EXTERNAL' | 'WALLET_CONNECT' | 'INJECTED' | 'ANNOUNCED'

export type Connector = {
  id: string
  type: ConnectorType
  name: string
  chain: ChainNamespace
  imageUrl?: string
  imageId?: string
  explorerId?: string
  info?: { rdns?: string; icon?: string }
  /** The wallet's provider (EIP-1193 for EVM), loaded on demand: some connectors load theirs late. */
  getProvider?(): Promise<unknown>
}

export const CONNECTION_STATUSES = ['disconnected', 'connecting', 'reconnecting', 'connected'] as const
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number]

export type Connection = {
  connectorId: string
  accounts: { address: string; type: 'eoa' | 'smartAccount' }[]
  chainId: number | string
}

/** A map of connections, the current connection's id and a status (docs/behaviour.md#chains). */
export type ConnectionState = {
  connections: ReadonlyMap<string, Connection>
  current: string | null
  status: ConnectionStatus
}

export type Balance = { value: bigint; decimals: number; symbol: string }

/**
 * What the kernel needs from a chain family: its networks, connectors and connection state. Everything else
 * is a capability an adapter may have; the kernel asks before it uses one.
 */
export type ChainAdapterBase = {
  namespace: ChainNamespace
  networks: readonly Network[]
  getConnectors(): Connector[]
  getConnectionState(): ConnectionState
  /** Called on every change of connectors or connection state. */
  subscribe(listener: () => void): () => void
  connect(connectorId: string): Promise<void>
  disconnect(): Promise<void>
}

export type NetworkSwitching = { switchNetwork(network: Network): Promise<void> }

export type BalanceReading = { getBalance(address: string, network: Network): Promise<Balance> }

export type WalletConnectPairing = {
  /** Pairing links (`wc:` URIs) a WalletConnect connector makes while it connects. */
  subscribePairingUri(connectorId: string, listener: (uri: string) => void): () => void
  /**
   * The WalletConnect relay refusing the connector's client, with its reason (the refusal texts of docs/behaviour.md#configuration among them):
   * WalletConnect's client never fails the pending connection for it.
   */
  subscribeRelayRefusal(connectorId: string, listener: (reason: string) => void): () => void
  /**
   * The visitor left a pairing view with its connection still pending (a WalletConnect proposal lives for
   * minutes): show the state as it was before, not "connecting". A wallet that approves later still connects.
   */
  abandonConnect(): void
}

export type ChainAdapter = ChainAdapterBase &
  Partial<NetworkSwitching & BalanceReading & WalletConnectPairing>
