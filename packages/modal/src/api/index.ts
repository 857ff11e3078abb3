export type { GetWalletsParams, RemoteFeature, WalletListing, WalletPage } from '../core/types'
export {
  type CloudClient,
  type CloudClientOptions,
  createCloudClient,
  SDK_TYPE,
  SDK_VERSION,
} from './createCloudClient'
export { CloudHttpError, CloudResponseError, CloudUnreachableError } from './errors'
