import { ERROR_CODES, SOCIAL_TEXTS } from '@allaccess/protocol'
import { defineErrors } from '../http/errors.js'

/** A refused social login: its status, stable code and text (packages/protocol's SOCIAL_TEXTS). */
export const SocialError = defineErrors('SocialError', {
  /** A provider the cloud has no app for (its SOCIAL_<PROVIDER>_* variables are unset). */
  notConfigured: { status: 404, text: SOCIAL_TEXTS.notConfigured, code: ERROR_CODES.socialNotConfigured },
  /** The provider's discovery document or token endpoint could not be reached. */
  unavailable: { status: 503, text: SOCIAL_TEXTS.unavailable, code: ERROR_CODES.socialUnavailable },
  /** A state that is unknown, already used or expired (tampered, replayed), or a wrong secret. */
  badCallback: { status: 400, text: SOCIAL_TEXTS.badCallback, code: ERROR_CODES.socialBadCallback },
  /** The provider said no (an `error` in the callback), or its tokens did not verify. */
  refused: { status: 400, text: SOCIAL_TEXTS.providerRefused, code: ERROR_CODES.socialRefused },
  /** A re-authentication in which the provider signed in another user than the session's: nothing is made fresh. */
  otherAccount: { status: 400, text: SOCIAL_TEXTS.otherAccount, code: ERROR_CODES.socialOtherAccount },
})
export type SocialError = InstanceType<typeof SocialError>
