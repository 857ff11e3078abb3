import type { TokenBalance } from '@allaccess/protocol'
import type { FollowEmbeddedFrame } from '../embedded/embeddedFrames'

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
/** AUTH: the embedded (e-mail) wallet; MULTI_CHAIN: a connection that spans namespaces (docs/behaviour.md#chains). */
export type ConnectorType = 'EXTERNAL' | 'WALLET_CONNECT' | 'INJECTED' | 'ANNOUNCED' | 'AUTH' | 'MULTI_CHAIN'

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

/** An account's kind: a key's own account, or a contract account (ERC-4337 and the like) a key controls. */
export type AccountType = 'eoa' | 'smartAccount'

/**
 * One account of a connection. `type` is the account-types capability in data form: a wallet that offers smart
 * accounts reports them here. `publicKey` and `path` (the derivation path) when the wallet names them.
 */
export type ConnectionAccount = { address: string; type: AccountType; publicKey?: string; path?: string }

/** A wallet connection as its adapter reports it: the connector, its accounts (the first one in use), the chain. */
export type Connection = {
  connectorId: string
  accounts: readonly ConnectionAccount[]
  chainId: number | string
  /**
   * This family's part of another family's connection (one WalletConnect session across namespaces): the
   * connection of `connectorId` in `namespace`. The chain layer shows both as one connection of type MULTI_CHAIN.
   */
  partOf?: { namespace: ChainNamespace; connectorId: string }
}

/** An adapter's connections, keyed by its own ids, its current connection's id and a status (docs/behaviour.md#chains). */
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
  /** What features ask of this family (addresses, explorer links, sign-in): `chains.family(namespace)`. */
  family?: ChainFamily
  networks: readonly Network[]
  getConnectors(): Connector[]
  getConnectionState(): ConnectionState
  /** Called on every change of connectors or connection state. */
  subscribe(listener: () => void): () => void
  connect(connectorId: string): Promise<void>
  /** Ends one connection (its id in `getConnectionState()`), or the current one. */
  disconnect(connectionId?: string): Promise<void>
  /** Lets go of what it listens to (the page's wallets, its client's events): the modal was destroyed. */
  stop?(): void
}

export type NetworkSwitching = { switchNetwork(network: Network): Promise<void> }

/** Makes another of the adapter's connections the current one (several wallets of one family at once). */
export type ConnectionSwitching = { switchConnection(connectionId: string): Promise<void> }

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

/** A value sent from the connected account: the native coin, or (`token`: its contract) a token. */
export type Transfer = { network: Network; from: string; to: string; amount: bigint; token?: string }

/**
 * A transfer as its family will send it, with what it is expected to cost in the native coin. The visitor
 * approves this plan, and exactly this plan is sent: a family keeps its own part (EVM: gas and gas price) where
 * no feature can change it.
 */
export type TransferPlan = { readonly transfer: Transfer; readonly fee: Balance }

/** How a transaction the wallet sent was replaced before it was mined (docs/behaviour.md#transaction-wait). */
export type Replacement = 'repriced' | 'cancelled' | 'replaced'

export type TransactionOutcome = {
  /** The mined transaction: the one sent, or the one that replaced it. */
  hash: string
  status: 'success' | 'reverted'
  replacement?: Replacement
}

export type WaitOptions = {
  timeoutMs: number
  confirmations: number
  retryCount: number
  retryDelayMs: number
}

/*
 * The wallet and chain capabilities (docs/behaviour.md#chains), each small and in no family's terms: a feature
 * names what it does, the family's folder says how (chains/evm/walletActions.ts for EVM).
 */

/** The native balance, read from the chain. */
export type NativeBalance = { getBalance(address: string, network: Network): Promise<Balance> }

/** A transfer: prepared (its plan and fee), sent as prepared (resolves with its id), waited for. */
export type Transfers = {
  prepareTransfer(transfer: Transfer): Promise<TransferPlan>
  sendTransfer(plan: TransferPlan): Promise<string>
  /** Waits for the transaction to be final; rejects when the time-out passes first. */
  waitForTransaction(hash: string, network: Network, options: WaitOptions): Promise<TransactionOutcome>
}

/** Asks the wallet to sign `message` with `address`; resolves with the signature. */
export type MessageSigning = { signMessage(address: string, message: string): Promise<string> }

/** Asset discovery: a wallet that lists the account's assets itself (docs/behaviour.md#asset-discovery). */
export type AssetDiscovery = {
  /** Whether the wallet lists the assets on `network`; rejects when what it says can't be read. */
  discoversAssets(address: string, network: Network): Promise<boolean>
  /** The assets the wallet lists on `network`; undefined when its answer is refused (one bad entry spoils it). */
  listAssets(address: string, network: Network): Promise<TokenBalance[] | undefined>
}

/**
 * A call built elsewhere (a swap, an approval: the cloud's convert service) for the wallet to send as built.
 * What only one family reads sits under its namespace, as the cloud answers it (`eip155: { gas }`).
 */
export type Call = { from: string; network: Network; to: string; data: string; value: bigint } & {
  readonly [namespace in ChainNamespace]?: Readonly<Record<string, unknown>>
}

/** Sends calls (EIP-5792's `wallet_sendCalls` in spirit): one call, one transaction; resolves with its hash. */
export type SendCalls = { sendCall(call: Call): Promise<string> }

/** One call of an atomic batch: a contract (or account) `to`, its calldata and the native value it carries. */
export type BatchCall = { to: string; data?: string; value?: bigint }

/**
 * What the wallet says it does with a batch on a network (EIP-5792's `atomic` and ERC-7677's `paymasterService`):
 * `atomic` when it sends all the calls or none (now, or once its account is upgraded by the batch itself),
 * `paymaster` when it lets a paymaster pay the gas.
 */
export type BatchSupport = { atomic: boolean; paymaster: boolean }

/** A batch to send; with `paymasterUrl` (an ERC-7677 service) the paymaster pays its gas. */
export type Batch = { from: string; network: Network; calls: readonly BatchCall[]; paymasterUrl?: string }

/**
 * Where a sent batch is: still pending, or ended — its calls all done (`success`), all reverted on chain
 * (`reverted`), or never included (`failed`) — with the hash of the transaction that carried it.
 */
export type BatchStatus =
  | { status: 'pending' }
  | { status: 'success' | 'reverted' | 'failed'; transactionHash: string | undefined }

/** Atomic batches (EIP-5792): what the wallet supports, a batch sent (resolves with its id), its status read. */
export type AtomicBatches = {
  getBatchSupport(address: string, network: Network): Promise<BatchSupport>
  sendCalls(batch: Batch): Promise<string>
  getCallsStatus(id: string): Promise<BatchStatus>
}

/**
 * The wallet and chain calls features use (docs/behaviour.md#account). An adapter offers them as a module loaded
 * on first use, so a page that never opens Account does not pay for them. Asset discovery, sending calls and atomic
 * batches are optional: a feature asks before it uses one.
 */
export type WalletActions = NativeBalance &
  Transfers &
  MessageSigning &
  Partial<AssetDiscovery & SendCalls & AtomicBatches>

export type AccountActions = { loadWalletActions(): Promise<WalletActions> }

/** The fields of a sign-in message that the server picks (docs/behaviour.md#sign-in). */
export type SignInFields = {
  domain: string
  uri: string
  nonce: string
  statement?: string | undefined
  resources?: readonly string[] | undefined
  requestId?: string | undefined
  issuedAt?: string | undefined
  expirationTime?: string | undefined
  notBefore?: string | undefined
}

/**
 * A sign-in message's fields (docs/behaviour.md#sign-in): what the server chose (nonce, domain, uri, times) and
 * the account that signs it. Formatted as EIP-4361 text for an EVM account.
 */
export type SiwxMessageData = SignInFields & {
  /** CAIP-2, e.g. `eip155:1`. */
  chainId: string
  accountAddress: string
  version: string
}

/** A receiver typed by a person, as its family reads it: the address the wallet wants, or why it is not one. */
export type ParsedAddress = { address: string } | { problem: 'invalidReceiver' | 'badChecksum' }

/**
 * What a feature asks of a chain family (`chains.family(namespace)`) instead of importing the family's library
 * (docs/behaviour.md#chains): its address format, explorer links and sign-in message. A family is one
 * folder, `chains/<family>`, whose adapter carries it; nothing outside that folder changes for a new one.
 */
export type ChainFamily = {
  namespace: ChainNamespace
  /** A typed address, trimmed, as the wallet wants it (EVM: 0x-prefixed, its EIP-55 checksum checked). */
  parseAddress(input: string): ParsedAddress
  /** What an address of this family looks like, in a person's words: Send says it of a receiver it can't read. */
  addressFormat: string
  /** Whether the cloud keeps this family's account history, and its names (docs/behaviour.md#account: EVM's only). */
  activity: boolean
  names: boolean
  /** The network's explorer page of an address or a transaction, when the network names an explorer. */
  explorerUrl(network: Network, kind: 'address' | 'transaction', id: string): string | undefined
  /** The text the wallet signs to sign in (CAIP-122's profile of this family); loaded on first use. */
  signInMessage(data: SiwxMessageData): Promise<string>
  /**
   * The coin types (ENSIP-9, ENSIP-11) a name's address on `network` is kept under, the network's own first:
   * a name registers under the first, and resolves under the first it has.
   */
  nameCoinTypes(network: Network): readonly number[]
}

/** A sign-in the wallet made as it connected: the text it signed, the signature, and its own record (CACAO). */
export type SignedOnConnect = {
  chainId: CaipNetworkId
  address: string
  message: string
  signature: string
  cacao: unknown
  /** The wallet that signed, as its pairing describes itself (its metadata). */
  wallet?: { name: string; icon?: string }
}

/** What the sign-in feature gives an adapter that can sign in while connecting. */
export type SignInOnConnect = {
  /** The server's fields for the message on `chainId`, asked just before pairing. */
  fields(chainId: CaipNetworkId): Promise<SignInFields>
  /** The wallet signed in as it connected (called before the connection settles); a wallet that can't only connects. */
  signed(result: SignedOnConnect): void
}

/** Sign-in while connecting, where the wallet can: WalletConnect's one-click authentication (CAIP-222). */
export type ConnectWithSignIn = { setSignInOnConnect(request: SignInOnConnect | undefined): void }

/**
 * The embedded wallet's own account in this family (the e-mail wallet on Solana): the chain layer hands the
 * adapter its modal's signed-in frame; the return stops following it.
 */
export type EmbeddedWalletFollowing = { followEmbeddedFrame(follow: FollowEmbeddedFrame): () => void }

export type ChainAdapter = ChainAdapterBase &
  Partial<
    NetworkSwitching &
      ConnectionSwitching &
      AccountActions &
      WalletConnectPairing &
      ConnectWithSignIn &
      EmbeddedWalletFollowing
  >
