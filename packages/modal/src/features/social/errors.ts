/** Spec §8 connection errors of the social login, named once. */
export const SocialErrorText = {
  popupClosed: 'Popup closed',
  initiate: 'Failed to initiate social connection',
} as const
