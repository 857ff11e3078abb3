/** The cloud's entities (docs/behaviour.md#cloud), as the modal's api client returns them. */

import type { Feature, GetWalletsParams, WalletPage } from '@allaccess/protocol'
import type { AccountClient } from '../api/createAccountClient'
import type { AnalyticsTransport } from '../kernel/analytics/createAnalytics'

export type { CaipNetworkId, ChainNamespace } from '../chains/types'

/** The cloud services the modal calls; `api/createCloudClient` is the implementation. */
export type CloudApi = {
  getWallets(params?: GetWalletsParams, signal?: AbortSignal): Promise<WalletPage>
  getFeatures(): Promise<Feature[]>
  getAllowedOrigins(): Promise<string[]>
  walletImageUrl(imageId: string): string
  networkImageUrl(id: string): string
  /** The account calls (balances, history, NFTs, identity, prices); without them the Account view shows the native balance only. */
  account?(): Promise<AccountClient>
  /** The analytics transport; without it the modal sends no analytics. */
  analytics?(): Promise<AnalyticsTransport>
}
