/** The on-ramp feature's id: its views find its controller by it (they can't import its module, which loads them). */
export const ONRAMP_FEATURE_ID = 'onramp'

/**
 * The restricted timezones (docs/behaviour.md#on-ramp): regions where the on-ramp is not offered (its providers do
 * not serve them). The site may give its own list; the comparison ignores case.
 */
export const DEFAULT_RESTRICTED_TIMEZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Harbin',
  'Asia/Kashgar',
  'Asia/Hong_Kong',
  'Asia/Macau',
]

/** The browser's timezone ('' where Intl can't tell). */
export const browserTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? ''

export const isRestrictedTimezone = (timezone: string, restricted: readonly string[]) =>
  restricted.some((region) => region.toLowerCase() === timezone.toLowerCase())

export type OnrampFeatureOptions = {
  /** Where the on-ramp is not offered; DEFAULT_RESTRICTED_TIMEZONES unless the site gives its own. */
  restrictedTimezones?: readonly string[]
  /** The visitor's timezone; the browser's by default. */
  timezone?: () => string
  /** Opens the provider's window; `window.open` by default. */
  openWindow?: (url: string, target: string, features: string) => Window | null
}
