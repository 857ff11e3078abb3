/** The on-ramp feature's id: its views find its controller by it (they can't import its module, which loads them). */
export const ONRAMP_FEATURE_ID = 'onramp'

export type OnrampFeatureOptions = {
  /** Where the on-ramp is not offered; DEFAULT_RESTRICTED_TIMEZONES unless the site gives its own. */
  restrictedTimezones?: readonly string[]
  /** The visitor's timezone; the browser's by default. */
  timezone?: () => string
  /** Opens the provider's window; `window.open` by default. */
  openWindow?: (url: string, target: string, features: string) => Window | null
}
