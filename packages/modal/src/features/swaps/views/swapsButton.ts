import type { WalletFeatureButton } from '../../../app/featureContext'

/** Account's Swap button (the slot `account:features`), shown in the product's order. */
export const swapsButton: WalletFeatureButton = {
  id: 'swaps',
  label: 'Swap',
  open: (navigate) => navigate({ view: 'Swap' }),
}
