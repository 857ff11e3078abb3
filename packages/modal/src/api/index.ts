export type {
  AnalyticsConfig,
  Feature,
  GetWalletsParams,
  WalletListing,
  WalletPage,
} from '@allaccess/protocol'
export {
  type CloudClient,
  type CloudClientOptions,
  createCloudClient,
  SDK_TYPE,
  SDK_VERSION,
} from './createCloudClient'
export { CloudHttpError, CloudResponseError, CloudUnreachableError } from './errors'
