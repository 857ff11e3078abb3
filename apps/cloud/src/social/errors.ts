import { ERROR_CODES, SOCIAL_TEXTS } from '@allaccess/protocol'
import { HttpError } from '../http/errors.js'

/** A provider the cloud has no app for (its SOCIAL_<PROVIDER>_* variables are unset). */
export class SocialNotConfiguredError extends HttpError {
  override readonly name = 'SocialNotConfiguredError'
  constructor() {
    super(404, SOCIAL_TEXTS.notConfigured, ERROR_CODES.socialNotConfigured)
  }
}

/** The provider's discovery document or token endpoint could not be reached. */
export class SocialUnavailableError extends HttpError {
  override readonly name = 'SocialUnavailableError'
  constructor() {
    super(503, SOCIAL_TEXTS.unavailable, ERROR_CODES.socialUnavailable)
  }
}

/** A state that is unknown, already used or expired (tampered, replayed), or a wrong secret. */
export class SocialBadCallbackError extends HttpError {
  override readonly name = 'SocialBadCallbackError'
  constructor() {
    super(400, SOCIAL_TEXTS.badCallback, ERROR_CODES.socialBadCallback)
  }
}

/** The provider said no (an `error` in the callback), or its tokens did not verify. */
export class SocialRefusedError extends HttpError {
  override readonly name = 'SocialRefusedError'
  constructor() {
    super(400, SOCIAL_TEXTS.providerRefused, ERROR_CODES.socialRefused)
  }
}

/** A re-authentication in which the provider signed in another user than the session's: nothing is made fresh. */
export class SocialOtherAccountError extends HttpError {
  override readonly name = 'SocialOtherAccountError'
  constructor() {
    super(400, SOCIAL_TEXTS.otherAccount, ERROR_CODES.socialOtherAccount)
  }
}
