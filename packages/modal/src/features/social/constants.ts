import { IDENTITY_PROVIDER_LABELS, type IdentityProvider } from '@allaccess/protocol'
import { storageKey } from '../../kernel/storage'

/** A button of the social method: one of the six providers, or Farcaster (its own view). */
export type SocialButton = IdentityProvider

/** The default order of the social buttons (docs/behaviour.md#social). */
export const DEFAULT_SOCIAL_ORDER: readonly SocialButton[] = [
  'google',
  'x',
  'farcaster',
  'discord',
  'apple',
  'github',
  'facebook',
]

/** docs/behaviour.md#social: the social login's popup and how often it is checked for closing. */
export const SOCIAL_POPUP_SIZE = { width: 600, height: 800 } as const
export const SOCIAL_POPUP_CHECK_MS = 1000

/**
 * Local storage (one prefix for the modal's keys): the social username, cleared on disconnect
 * (docs/behaviour.md#social).
 */
export const SOCIAL_STORAGE_KEYS = {
  username: storageKey('socialUsername'),
  provider: storageKey('socialProvider'),
} as const

/** The names the buttons and the Account view show (the frame's export screen names them the same). */
export const SOCIAL_LABELS: Readonly<Record<SocialButton, string>> = IDENTITY_PROVIDER_LABELS
