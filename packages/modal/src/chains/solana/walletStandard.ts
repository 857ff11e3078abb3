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

/** A wallet's connector id: stable across reloads (the standard gives a wallet its name, nothing more lasting). */
export const connectorIdOf = (wallet: Wallet) => `wallet-standard:${wallet.name}`

/** One open connection: the wallet, its accounts as the standard hands them (signing needs them), the network. */
export type SolanaConnection = {
  wallet: Wallet
  accounts: readonly WalletAccount[]
  network: Network | undefined
}

/** The connection that signs for an address: its wallet, the account as the wallet handed it, the network. */
export type Signer = SolanaConnection & { account: WalletAccount }
