/** The cloud's entities (docs/behaviour.md#cloud), as the modal's api client returns them. */

export type { CaipNetworkId, ChainNamespace } from '../chains/types'

/** A wallet of the directory, as the cloud's `/getWallets` returns it. */
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

/** The cloud services the modal calls; `api/createCloudClient` is the implementation. */
export type CloudApi = {
  getWallets(params?: GetWalletsParams, signal?: AbortSignal): Promise<WalletPage>
  getFeatures(): Promise<RemoteFeature[]>
  getAllowedOrigins(): Promise<string[]>
  walletImageUrl(imageId: string): string
}
