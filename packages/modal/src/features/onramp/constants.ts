/** The order's status is asked this often while the provider's window is open. */
export const ORDER_POLL_MS = 1000
/** The provider's window is checked for closure this often, as the social login's popup (docs/behaviour.md#on-ramp). */
export const POPUP_CHECK_MS = 1000
/** The provider's window: a payment page's size. */
export const POPUP_FEATURES = 'popup=yes,width=480,height=760'
/** A quote waits for the visitor to pause typing (docs/behaviour.md#on-ramp: 300 ms, as the wallet search). */
export const QUOTE_DELAY_MS = 300
/** The one provider this cloud brings: its sandbox (apps/cloud/README.md#on-ramp). */
export const SANDBOX_PROVIDER = {
  id: 'sandbox',
  name: 'Sandbox Pay',
  description: 'Card or bank account · test money on the devnet',
} as const
