import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import type { Network } from '../types'
import { solanaChainsOf } from './solanaChains'

/** The Wallet Standard features this family uses, as optional reads of a wallet's `features` record. */
export type SolanaWalletFeatures = Partial<
  StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature
>

export const features = (wallet: Wallet) => wallet.features as SolanaWalletFeatures

/** docs/behaviour.md#wallet-picker: a Wallet Standard wallet is listed when it has Solana chains and can connect. */
export const isSolanaWallet = (wallet: Wallet) =>
  solanaChainsOf(wallet.chains).length > 0 && features(wallet)['standard:connect'] !== undefined

/** The ids of the wallets the modal makes itself (the e-mail wallet's, a WalletConnect session's Solana part). */
const ownIds = new WeakMap<Wallet, string>()

/**
 * A wallet the modal made, under an id no registered wallet can take: an extension that registers under the same
 * name neither shadows it, nor ends it by unregistering, nor reaches it with its own events.
 */
export function ownWallet<W extends Wallet>(wallet: W, id: `${string}:solana`): W {
  ownIds.set(wallet, id)
  return wallet
}

/** A wallet's connector id: stable across reloads (the standard gives a wallet its name, nothing more lasting). */
export const connectorIdOf = (wallet: Wallet) => ownIds.get(wallet) ?? `wallet-standard:${wallet.name}`

/** One open connection: the wallet, its accounts as the standard hands them (signing needs them), the network. */
export type SolanaConnection = {
  wallet: Wallet
  accounts: readonly WalletAccount[]
  network: Network | undefined
}

/** The connection that signs for an address: its wallet, the account as the wallet handed it, the network. */
export type Signer = SolanaConnection & { account: WalletAccount }
