/** The cloud's entities (docs/behaviour.md#cloud), as the modal's api client returns them. */

import type { Feature, GetWalletsParams, WalletPage } from '@allaccess/protocol'
import type { AnalyticsTransport } from '../kernel/analytics/createAnalytics'
import type { KeyValueStorage } from '../kernel/environment'
import type { AccountClient } from './createAccountClient'
import type { ConvertClient } from './createConvertClient'
import type { NamesClient } from './createNamesClient'
import type { OnrampClient } from './createOnrampClient'
import type { SiwxAdapter } from './siwxAdapter'

export type { CaipNetworkId, ChainNamespace } from '../chains/types'

/** The cloud services the modal calls; `api/createCloudClient` is the implementation. */
export type CloudApi = {
  getWallets(params?: GetWalletsParams, signal?: AbortSignal): Promise<WalletPage>
  getFeatures(): Promise<Feature[]>
  getAllowedOrigins(): Promise<string[]>
  walletImageUrl(imageId: string): string
  networkImageUrl(id: string): string
  /** The project's ERC-7677 paymaster service on an EVM chain; without it no batch is sponsored. */
  paymasterUrl?(chainId: number): string
  /** The account calls (balances, history, NFTs, identity, prices); without them the Account view shows the native balance only. */
  account?(): Promise<AccountClient>
  /** The name service: without it the names feature offers no registration. */
  names?(): Promise<NamesClient>
  /** The convert service: without it the swaps feature offers no Swap button. */
  convert?(): Promise<ConvertClient>
  /** The on-ramp: without it the on-ramp feature offers no purchase. */
  onramp?(): Promise<OnrampClient>
  /** Sign-in sessions: the sign-in feature's default adapter. */
  siwx?(options?: { storage?: KeyValueStorage | undefined }): Promise<SiwxAdapter>
  /** The analytics transport; without it the modal sends no analytics. */
  analytics?(): Promise<AnalyticsTransport>
}
