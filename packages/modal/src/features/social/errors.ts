import { defineErrors } from '../../kernel/errors'

/** The social login's connection errors, named once (docs/behaviour.md#social). */
export const SocialErrorText = {
  popupClosed: 'Popup closed',
  initiate: 'Failed to initiate social connection',
} as const

export const SocialError = defineErrors('SocialError', SocialErrorText)
