import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { Connection, Connector, Network } from '../types'
import {
  followWalletConnectSession,
  offerWalletConnectNamespace,
  type SharedWalletConnectSession,
} from '../walletConnectSession'
import { WALLETCONNECT_SOLANA_METHODS, walletConnectSolanaWallet } from './walletConnectSolanaWallet'
import { connectorIdOf } from './walletStandard'

/**
 * The Solana part of a WalletConnect session (docs/behaviour.md#walletconnect, MULTI_CHAIN): the site's Solana
 * networks are proposed beside EVM's whenever the modal pairs; a session the wallet approved with Solana accounts
 * opens this family's connection over it (a reload's restored session too), and its end closes it. It is not a
 * wallet of the page's registry: the picker never lists it, and storage never restores it.
 */
export function followWalletConnectSolana({
  networks,
  opened,
  updated,
  closed,
}: {
  networks: readonly Network[]
  opened(wallet: Wallet, accounts: readonly WalletAccount[]): void
  /** The same session, its accounts or methods changed by the wallet (`session_update`). */
  updated(wallet: Wallet, accounts: readonly WalletAccount[]): void
  closed(wallet: Wallet): void
}): { wallet(): Wallet | undefined; partOf(connectorId: string): Connection['partOf']; stop(): void } {
  offerWalletConnectNamespace('solana', {
    chains: networks.map((network) => network.caipNetworkId),
    methods: WALLETCONNECT_SOLANA_METHODS,
    events: [],
  })
  let current: { wallet: Wallet; session: SharedWalletConnectSession } | undefined
  const stop = followWalletConnectSession((session) => {
    const was = current
    current = undefined
    const usable = session && session.accounts('solana').length > 0
    // The session the wallet updated stays the one connection: it is not ended and made anew (nor current).
    if (was && session && usable && was.session.topic === session.topic) {
      current = { wallet: walletConnectSolanaWallet(session, networks), session }
      return updated(current.wallet, current.wallet.accounts)
    }
    if (was) closed(was.wallet)
    if (!usable) return
    const wallet = walletConnectSolanaWallet(session, networks)
    current = { wallet, session }
    opened(wallet, wallet.accounts)
  })
  return {
    wallet: () => current?.wallet,
    partOf: (connectorId) =>
      current && connectorIdOf(current.wallet) === connectorId ? current.session.owner : undefined,
    stop() {
      stop()
      offerWalletConnectNamespace('solana', undefined)
    },
  }
}

/** The session's connector in the Solana namespace: one connection with the pairing family's, MULTI_CHAIN. */
export const walletConnectConnector = (wallet: Wallet): Connector => ({
  id: connectorIdOf(wallet),
  type: 'MULTI_CHAIN',
  name: wallet.name,
  chain: 'solana',
  ...(wallet.icon ? { imageUrl: wallet.icon } : {}),
  getProvider: async () => wallet,
})
