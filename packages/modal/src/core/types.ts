/** Entities of spec §3, as the modal's core sees them. */

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

export const CONNECTOR_TYPES = [
  'EXTERNAL',
  'WALLET_CONNECT',
  'INJECTED',
  'ANNOUNCED',
  'AUTH',
  'MULTI_CHAIN',
  'ID_AUTH',
] as const
export type ConnectorType = (typeof CONNECTOR_TYPES)[number]

export type Connector = {
  id: string
  type: ConnectorType
  name: string
  chain: ChainNamespace
  imageUrl?: string
  imageId?: string
  explorerId?: string
  info?: { rdns?: string; icon?: string }
}

export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

export type Connection = {
  connectorId: string
  accounts: { address: string; type: 'eoa' | 'smartAccount' }[]
  chainId: number | string
}

/** Spec §3 "Connection state": a map of connections, the current connection id and a status. */
export type ConnectionState = {
  connections: ReadonlyMap<string, Connection>
  current: string | null
  status: ConnectionStatus
}

export type Balance = { value: bigint; decimals: number; symbol: string }

/** What the core needs from a chain family. The first adapter is EVM on @wagmi/core. */
export type ChainAdapter = {
  namespace: ChainNamespace
  networks: readonly Network[]
  getConnectors(): Connector[]
  getConnectionState(): ConnectionState
  /** Called on every change of connectors or connection state. */
  subscribe(listener: () => void): () => void
  connect(connectorId: string): Promise<void>
  disconnect(): Promise<void>
  switchNetwork(network: Network): Promise<void>
  getBalance(address: string, network: Network): Promise<Balance>
  /** Pairing links (`wc:` URIs) a WalletConnect connector makes while it connects; absent without one. */
  subscribePairingUri?(connectorId: string, listener: (uri: string) => void): () => void
  /**
   * The visitor left a pairing view with its connection still pending (a WalletConnect proposal lives for
   * minutes): show the state as it was before, not "connecting". A wallet that approves later still connects.
   */
  abandonConnect?(): void
}

/** Spec §3 "Wallet listing", as the cloud's `/getWallets` returns it. */
export type WalletListing = {
  id: string
  name: string
  image_id: string | null
  image_url: string | null
  homepage: string | null
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  chrome_store: string | null
  rdns: string | null
  chains: string[]
  injected: { namespace: string; injected_id: string }[] | null
  badge_type: string | null
  supports_wc: boolean
  order: number | null
}

export type WalletPage = { data: WalletListing[]; count: number }

export type GetWalletsParams = {
  page?: number
  entries?: number
  search?: string
  badge_type?: string
  include?: string[]
  exclude?: string[]
  chains?: string[]
  rdns?: string[]
  names?: string[]
}

export type RemoteFeature = { id: string; isEnabled: boolean; config: unknown }

/** The cloud services the modal calls (spec §7); `api/createCloudClient` is the implementation. */
export type CloudApi = {
  getWallets(params?: GetWalletsParams, signal?: AbortSignal): Promise<WalletPage>
  getFeatures(): Promise<RemoteFeature[]>
  getAllowedOrigins(): Promise<string[]>
  walletImageUrl(imageId: string): string
}
