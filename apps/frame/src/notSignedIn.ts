import { FRAME_ERROR_TEXTS } from '@allaccess/frame-protocol'

/** Raised for a call that needs a signed-in wallet (or a sign-in started) before there is one. */
export class NotSignedInError extends Error {
  override name = 'NotSignedInError'
  constructor() {
    super(FRAME_ERROR_TEXTS.notSignedIn)
  }
}
