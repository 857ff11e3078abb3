import type { Features } from '../../../../core/features'
import type { RouteEntry } from '../../../../kernel/routes'

/** The product's order of the wallet's feature buttons: on-ramp, swaps, receive, send (docs/behaviour.md#account). */
const WALLET_FEATURE_ORDER = ['onramp', 'swaps', 'receive', 'send'] as const

export type WalletFeatureId = (typeof WALLET_FEATURE_ORDER)[number]

/**
 * One button under Account's header. Receive and Send are Account's own; another feature adds its button (Buy,
 * Swap) by filling the slot `account:features` with one of these.
 */
export type WalletFeatureButton = {
  id: WalletFeatureId
  label: string
  /** What the button does; it is given the modal's navigation. */
  open(navigate: (entry: RouteEntry) => void): void
}

/** The buttons to show, in the product's order: those some feature brings, and switched on. */
export const walletFeatureButtons = (
  features: Features,
  buttons: readonly WalletFeatureButton[],
): WalletFeatureButton[] =>
  WALLET_FEATURE_ORDER.flatMap((id) => buttons.filter((button) => button.id === id && features[id]))
