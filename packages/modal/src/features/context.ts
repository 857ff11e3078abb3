import type { Chains } from '../chains/createChains'
import type { BannerController } from '../core/banner'
import type { Modal, ModalOptions } from '../core/modal'
import type { Environment } from '../kernel/environment'
import type { QueryCache } from '../kernel/queryCache'
import type { Tracker } from './analytics/createAnalyticsFeature'

/**
 * What a feature's controller is built from: the site's options, the environment, chains, banner, the modal,
 * the analytics it reports events and unexpected errors to, and the one cache.
 */
export type FeatureContext = {
  options: ModalOptions
  env: Environment
  chains: Chains
  banner: BannerController
  modal: Modal
  analytics: Tracker
  /** The modal's one cache of remote data: a feature may refresh what another shows (a new name, a new balance). */
  cache: QueryCache
}
