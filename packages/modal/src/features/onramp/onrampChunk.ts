import type { WalletFeatureButton } from '../../app/featureContext'
import { createOnrampFeature } from './createOnrampFeature'
import type { OnrampFeatureOptions } from './options'
import { browserTimezone, DEFAULT_RESTRICTED_TIMEZONES, isRestrictedTimezone } from './timezones'
import { onrampViews } from './views/onrampViews'

/** Account's Buy button: the providers first. */
const buyButton: WalletFeatureButton = {
  id: 'onramp',
  label: 'Buy',
  open: (navigate) => navigate({ view: 'OnRampProviders' }),
}

/** The feature with the site's settings; no Buy button in the restricted timezones (docs/behaviour.md#on-ramp). */
export function chunk(settings: OnrampFeatureOptions) {
  const timezone = (settings.timezone ?? browserTimezone)()
  const restricted = isRestrictedTimezone(
    timezone,
    settings.restrictedTimezones ?? DEFAULT_RESTRICTED_TIMEZONES,
  )
  return {
    create: createOnrampFeature(settings),
    views: onrampViews,
    slots: restricted ? {} : { 'account:features': buyButton },
  }
}
