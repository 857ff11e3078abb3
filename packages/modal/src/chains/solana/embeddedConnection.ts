import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { FollowEmbeddedFrame } from '../../embedded/embeddedFrames'
import type { Connector, Network } from '../types'
import { embeddedSolanaWallet } from './embeddedSolanaWallet'
import { connectorIdOf, features } from './walletStandard'

/**
 * The e-mail wallet's Solana connection (docs/embedded-wallet.md#solana): opened as soon as someone is signed in to
 * the embedded wallet's frame (the e-mail feature announces it to the modal's chain layer, which hands `follow`
 * to the adapter), ended when the login ends. It is not a wallet of
 * the page's registry: the picker never lists it, and a reload opens it again from the frame, not from storage.
 */
export function followEmbeddedSolana({
  follow,
  networks,
  opened,
  closed,
}: {
  follow: FollowEmbeddedFrame
  networks: readonly Network[]
  opened(wallet: Wallet, accounts: readonly WalletAccount[]): void
  closed(wallet: Wallet): void
}): { wallet(): Wallet | undefined; stop(): void } {
  let current: Wallet | undefined
  const stop = follow((frame) => {
    const was = current
    current = undefined
    if (was) closed(was)
    if (!frame) return
    const wallet = embeddedSolanaWallet(frame, networks)
    current = wallet
    void features(wallet)
      ['standard:connect']?.connect()
      .then(
        ({ accounts }) => current === wallet && opened(wallet, accounts),
        () => {
          // No Solana account (a frame of an older build, a login that just ended): no connection, nothing else.
        },
      )
  })
  return { wallet: () => current, stop }
}

/** The embedded wallet's connector in the Solana namespace, of the modal's AUTH type as on EVM. */
export const embeddedConnector = (wallet: Wallet): Connector => ({
  id: connectorIdOf(wallet),
  type: 'AUTH',
  name: wallet.name,
  chain: 'solana',
  imageUrl: wallet.icon,
  getProvider: async () => wallet,
})
