import type { WalletFeatureButton } from '../../../../app/featureContext'
import type { Features } from '../../../../kernel/featureSwitches'

/** The product's order of the wallet's feature buttons: on-ramp, swaps, receive, send (docs/behaviour.md#account). */
const WALLET_FEATURE_ORDER: readonly WalletFeatureButton['id'][] = ['onramp', 'swaps', 'receive', 'send']

/** The buttons to show, in the product's order: those some feature brings, and switched on. */
export const walletFeatureButtons = (
  features: Features,
  buttons: readonly WalletFeatureButton[],
): WalletFeatureButton[] =>
  WALLET_FEATURE_ORDER.flatMap((id) => buttons.filter((button) => button.id === id && features[id]))
