import type { Chains } from '../chains/createChains'
import type { BannerController } from '../core/banner'
import type { Modal, ModalOptions } from '../core/modal'
import type { Environment } from '../kernel/environment'

/** What a feature's controller is built from: the site's options, the environment, chains, banner, the modal. */
export type FeatureContext = {
  options: ModalOptions
  env: Environment
  chains: Chains
  banner: BannerController
  modal: Modal
}
