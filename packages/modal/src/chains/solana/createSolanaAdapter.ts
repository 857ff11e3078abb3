import { getWallets, type Wallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { KernelError } from '../../kernel/errors'
import type { ChainAdapter, Connection, ConnectionState, Connector, Network } from '../types'
import { embeddedConnector, followEmbeddedSolana } from './embeddedConnection'
import { servesNetwork, solanaChainsOf } from './solanaChains'
import { solanaFamily } from './solanaFamily'
import { followWalletConnectSolana, walletConnectConnector } from './walletConnectConnection'
import { connectorIdOf, features, isSolanaWallet, type SolanaConnection } from './walletStandard'

export type SolanaAdapterOptions = {
  /** The Solana networks the site offers, the default one first. */
  networks: readonly Network[]
  /** Where the open connections are remembered for the next page load (local storage by default). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined
  /** The page's Wallet Standard registry (`getWallets()` by default). */
  wallets?: Wallets
  /** How long a reload waits for a remembered wallet to register before it counts as gone. */
  restoreWaitMs?: number
}

/** The local-storage key of the wallets connected when the page was left, the current one first. */
export const SOLANA_CONNECTIONS_KEY = 'allaccess.solana.connections'
/** A wallet extension registers soon after the page starts; one that hasn't by then is not coming. */
const RESTORE_WAIT_MS = 3000

/**
 * The Solana family's adapter on the Wallet Standard: every registered wallet with Solana chains and
 * `standard:connect` is a connector (installed, with its icon); connections are kept as wagmi keeps its own
 * (by connector, the latest current, the next current when the current one ends), follow the wallet's
 * `standard:events`, and are restored on reload with a silent connect. The wallet actions load on first use.
 */
export function createSolanaAdapter(options: SolanaAdapterOptions): ChainAdapter & {
  /** The open connection behind an adapter connection id (the wallet actions sign through it). */
  connectionOf(connectionId?: string): SolanaConnection | undefined
} {
  const { networks } = options
  const registry = options.wallets ?? getWallets()
  const storage = options.storage ?? globalThis.localStorage
  const listeners = new Set<() => void>()
  const open = new Map<string, SolanaConnection>()
  const stopEvents = new Map<string, () => void>()
  let current: string | null = null
  let connecting = false
  let restoring = readRemembered(storage)
  let connectors: Connector[] = []
  /** The e-mail wallet's Solana connection (embeddedConnection.ts), followed from below. */
  let embedded: ReturnType<typeof followEmbeddedSolana> | undefined
  const embeddedWallet = () => embedded?.wallet()
  /** A WalletConnect session's Solana part (walletConnectConnection.ts), followed from below. */
  let walletConnect: ReturnType<typeof followWalletConnectSolana> | undefined
  /** The wallets followed from elsewhere, not the page's registry: restored by their source, not by storage. */
  const followedWallets = () =>
    [embeddedWallet(), walletConnect?.wallet()].filter((wallet): wallet is Wallet => wallet !== undefined)
  let state: ConnectionState = { connections: new Map(), current: null, status: 'disconnected' }

  const networkFor = (chains: readonly string[]) => networks.find((network) => servesNetwork(chains, network))
  const solanaAccounts = (accounts: readonly WalletAccount[]) =>
    accounts.filter((account) => solanaChainsOf(account.chains).length > 0 || account.chains.length === 0)

  /** The state as the chain layer reads it: a new object on each change, the same one between changes. */
  function publish() {
    const connections = new Map<string, Connection>()
    for (const [id, { accounts, network, wallet }] of open) {
      connections.set(id, {
        connectorId: id,
        accounts: accounts.map((account) => ({ address: account.address, type: 'eoa' as const })),
        chainId: network?.id ?? solanaChainsOf(wallet.chains)[0]?.split(':')[1] ?? '',
        ...(walletConnect?.partOf(id) ? { partOf: walletConnect.partOf(id) } : {}),
      })
    }
    const status = connecting
      ? 'connecting'
      : current
        ? 'connected'
        : restoring.length > 0
          ? 'reconnecting'
          : 'disconnected'
    state = { connections, current, status }
    // The e-mail wallet's connection is the frame's to restore, WalletConnect's its session's, not storage's.
    const followed = followedWallets().map(connectorIdOf)
    if (!connecting && restoring.length === 0)
      remember(
        storage,
        [...open.keys()].filter((id) => !followed.includes(id)),
        current && followed.includes(current) ? null : current,
      )
    for (const listener of listeners) listener()
  }

  function readConnectors() {
    connectors = registry
      .get()
      .filter(isSolanaWallet)
      .map(
        (wallet): Connector => ({
          id: connectorIdOf(wallet),
          // Announced by the page's registry, as EIP-6963 wallets are: the picker marks it Installed.
          type: 'ANNOUNCED',
          name: wallet.name,
          chain: 'solana',
          imageUrl: wallet.icon,
          info: { icon: wallet.icon },
          getProvider: async () => wallet,
        }),
      )
    const own = embeddedWallet()
    if (own) connectors.push(embeddedConnector(own))
    const paired = walletConnect?.wallet()
    if (paired) connectors.push(walletConnectConnector(paired))
  }

  const walletOf = (connectorId: string) =>
    [...registry.get(), ...followedWallets()].find(
      (wallet) => isSolanaWallet(wallet) && connectorIdOf(wallet) === connectorId,
    )

  /** Keeps a connection, current from now on; follows the wallet's changes of accounts and chains. */
  function keep(wallet: Wallet, accounts: readonly WalletAccount[]) {
    const id = connectorIdOf(wallet)
    const usable = solanaAccounts(accounts)
    if (usable.length === 0) return
    open.set(id, { wallet, accounts: usable, network: networkFor(usable[0]?.chains ?? wallet.chains) })
    current = id
    if (!stopEvents.has(id)) {
      const stop = features(wallet)['standard:events']?.on('change', ({ accounts: changed, chains }) => {
        const connection = open.get(id)
        if (!connection) return
        if (changed) {
          const next = solanaAccounts(changed)
          // The wallet took every account back: the connection is over, as with a disconnect.
          if (next.length === 0) return end(id)
          open.set(id, { ...connection, accounts: next, network: networkFor(next[0]?.chains ?? []) })
        }
        if (chains && !changed) open.set(id, { ...connection, network: networkFor(chains) })
        publish()
      })
      if (stop) stopEvents.set(id, stop)
    }
  }

  function end(id: string) {
    open.delete(id)
    stopEvents.get(id)?.()
    stopEvents.delete(id)
    if (current === id) current = [...open.keys()][0] ?? null
    publish()
  }

  /** A wallet remembered from the last page: connected again without asking (`silent`), else forgotten. */
  async function restore(wallet: Wallet) {
    const id = connectorIdOf(wallet)
    if (!restoring.includes(id)) return
    const remembered = restoring
    try {
      const { accounts } = (await features(wallet)['standard:connect']?.connect({ silent: true })) ?? {}
      if (accounts) keep(wallet, accounts)
    } catch {
      // The wallet no longer lets the site in without asking: it stays disconnected.
    }
    restoring = restoring.filter((entry) => entry !== id)
    // The one that was current when the page was left is current again.
    const first = remembered.find((entry) => open.has(entry))
    if (first) current = first
    publish()
  }

  const followers = {
    networks,
    opened(wallet: Wallet, accounts: readonly WalletAccount[]) {
      readConnectors()
      keep(wallet, accounts)
      publish()
    },
    closed(wallet: Wallet) {
      if (open.has(connectorIdOf(wallet))) end(connectorIdOf(wallet))
      readConnectors()
      publish()
    },
    updated(wallet: Wallet, accounts: readonly WalletAccount[]) {
      const id = connectorIdOf(wallet)
      const connection = open.get(id)
      const usable = solanaAccounts(accounts)
      if (!connection || usable.length === 0) return followers.opened(wallet, accounts)
      open.set(id, { ...connection, wallet, accounts: usable })
      readConnectors()
      publish()
    },
  }
  walletConnect = followWalletConnectSolana(followers)
  readConnectors()
  const offRegister = registry.on('register', (...wallets) => {
    readConnectors()
    publish()
    for (const wallet of wallets) if (isSolanaWallet(wallet)) void restore(wallet)
  })
  const offUnregister = registry.on('unregister', (...wallets) => {
    readConnectors()
    for (const wallet of wallets) if (open.has(connectorIdOf(wallet))) end(connectorIdOf(wallet))
    publish()
  })
  for (const wallet of registry.get()) if (isSolanaWallet(wallet)) void restore(wallet)
  const restoreTimer =
    restoring.length > 0
      ? setTimeout(() => {
          restoring = []
          publish()
        }, options.restoreWaitMs ?? RESTORE_WAIT_MS)
      : undefined
  publish()

  return {
    namespace: 'solana',
    family: solanaFamily,
    networks,
    getConnectors: () => connectors,
    getConnectionState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async connect(connectorId) {
      const wallet = walletOf(connectorId)
      const connect = wallet && features(wallet)['standard:connect']
      if (!wallet || !connect) throw new KernelError('connectorUndefined')
      // Picking the wallet that is already connected is a success, not an error.
      if (open.has(connectorId)) {
        current = connectorId
        return publish()
      }
      connecting = true
      publish()
      try {
        const { accounts } = await connect.connect()
        keep(wallet, accounts)
        if (!open.has(connectorId)) throw new KernelError('failedToConnect')
      } finally {
        connecting = false
        publish()
      }
    },
    async disconnect(connectionId) {
      const id = connectionId ?? current
      const connection = id ? open.get(id) : undefined
      if (!id || !connection) return
      await features(connection.wallet)['standard:disconnect']?.disconnect()
      end(id)
    },
    async switchConnection(connectionId) {
      if (!open.has(connectionId)) throw new KernelError('noConnectorForConnection')
      current = connectionId
      publish()
    },
    async switchNetwork(network) {
      const connection = current ? open.get(current) : undefined
      if (!connection || !current) throw new KernelError('noConnectorForConnection')
      if (!servesNetwork(connection.accounts[0]?.chains ?? connection.wallet.chains, network))
        throw new KernelError('unsupportedChain')
      open.set(current, { ...connection, network })
      publish()
    },
    followEmbeddedFrame(follow) {
      embedded?.stop()
      embedded = followEmbeddedSolana({ follow, ...followers })
      return embedded.stop
    },
    stop() {
      walletConnect?.stop()
      offRegister()
      offUnregister()
      clearTimeout(restoreTimer)
      for (const stopWallet of stopEvents.values()) stopWallet()
      stopEvents.clear()
      listeners.clear()
    },
    connectionOf: (connectionId) => open.get(connectionId ?? current ?? ''),
    loadWalletActions: () =>
      import('./walletActions').then(({ createSolanaWalletActions }) =>
        createSolanaWalletActions((address) => {
          const connection = current ? open.get(current) : undefined
          const account = connection?.accounts.find((candidate) => candidate.address === address)
          return connection && account ? { ...connection, account } : undefined
        }),
      ),
  }
}

type Remembered = { wallets: string[]; current: string | null }

/** The connector ids remembered, the current one first. */
function readRemembered(storage: SolanaAdapterOptions['storage']): string[] {
  try {
    const stored = JSON.parse(storage?.getItem(SOLANA_CONNECTIONS_KEY) ?? 'null') as Remembered | null
    if (!stored || !Array.isArray(stored.wallets)) return []
    const wallets = stored.wallets.filter((entry): entry is string => typeof entry === 'string')
    return stored.current && wallets.includes(stored.current)
      ? [stored.current, ...wallets.filter((entry) => entry !== stored.current)]
      : wallets
  } catch {
    return []
  }
}

function remember(storage: SolanaAdapterOptions['storage'], wallets: string[], current: string | null) {
  try {
    if (wallets.length === 0) storage?.removeItem(SOLANA_CONNECTIONS_KEY)
    else storage?.setItem(SOLANA_CONNECTIONS_KEY, JSON.stringify({ wallets, current } satisfies Remembered))
  } catch {
    // Storage refused (private mode, quota): the connection just won't survive a reload.
  }
}
