import type { Features } from '../../../../core/features'

/** The wallet's feature buttons in the product's order: on-ramp, swaps, receive, send (docs/behaviour.md#account). */
const WALLET_FEATURE_ORDER = [
  { id: 'onramp', label: 'Buy', built: false },
  { id: 'swaps', label: 'Swap', built: false },
  { id: 'receive', label: 'Receive', built: true },
  { id: 'send', label: 'Send', built: true },
] as const

export type WalletFeatureButton = (typeof WALLET_FEATURE_ORDER)[number]

/** The buttons to show: switched on, and built in this release (on-ramp and swaps come with their features). */
export const walletFeatureButtons = (features: Features): WalletFeatureButton[] =>
  WALLET_FEATURE_ORDER.filter((button) => button.built && features[button.id])
