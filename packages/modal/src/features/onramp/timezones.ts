// Apart from options.ts, which the page's first load holds (the feature's id): only the on-ramp's chunk reads these.

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
