import { EMAIL_DISPLAY_MAX_LENGTH } from './constants'

/** The displayed e-mail (docs/behaviour.md#email): over 30 characters loses its last 3 and ends with an ellipsis. */
export const displayEmail = (email: string) =>
  email.length > EMAIL_DISPLAY_MAX_LENGTH ? `${email.slice(0, -3)}...` : email
