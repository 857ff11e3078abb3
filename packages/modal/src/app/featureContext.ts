import type { Chains } from '../chains/createChains'
import type { Tracker } from '../features/analytics/createAnalyticsFeature'
import type { BannerController } from '../kernel/banner'
import type { Environment } from '../kernel/environment'
import type { QueryCache } from '../kernel/queryCache'
import type { RouteEntry } from '../kernel/routes'
import type { Modal, ModalOptions } from './modal'

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

/**
 * One button under Account's header. Receive and Send are Account's own; another feature adds its button (Buy,
 * Swap) by filling the slot `account:features` with one of these.
 */
export type WalletFeatureButton = {
  id: 'onramp' | 'swaps' | 'receive' | 'send'
  label: string
  /** What the button does; it is given the modal's navigation. */
  open(navigate: (entry: RouteEntry) => void): void
}
