import type { FeatureContext } from '../../app/featureContext'
import type { FeatureModule } from '../../kernel/feature'
import type { EmailFeature } from './createEmailFeature'
import { EMAIL_FEATURE_ID } from './options'

// The e-mail login's routes, added from its own folder (docs/behaviour.md#views).
declare module '../../kernel/routes' {
  interface Routes {
    /** The one-time code sent to `email`. */
    EmailVerifyOtp: { email: string }
    /** A known user on a new device: approve it from the e-mailed link; the view waits. */
    EmailVerifyDevice: { email: string }
    /** Update e-mail (docs/behaviour.md#email): the new address, the current address's code, the new address's code. */
    UpdateEmailWallet: undefined
  }
}

/**
 * The e-mail login (docs/behaviour.md#email): add it to the modal's `modules` and register the embedded wallet's
 * connector (`addEmbeddedWalletConnector`). Its controller, the Connect view's e-mail field and its views are one
 * chunk, fetched on the modal's first use.
 */
export const emailFeature: FeatureModule<EmailFeature, FeatureContext> = {
  id: EMAIL_FEATURE_ID,
  load: () => import('./emailChunk').then((module) => module.chunk),
}
