import { storageKey } from '../../kernel/storage'
/**
 * Local storage (one prefix for the modal's keys, docs/behaviour.md#email): what the e-mail login keeps on this
 * browser (the social username is the social feature's).
 */
export const EMAIL_STORAGE_KEYS = {
  /** When the last code e-mail was asked for (epoch ms): the resend countdown survives a reload. */
  lastLoginTime: storageKey('lastEmailLoginTime'),
  email: storageKey('email'),
  lastChain: storageKey('lastUsedChain'),
} as const

/** docs/behaviour.md#email: an e-mail longer than this shows cut by 3 characters, with an ellipsis. */
export const EMAIL_DISPLAY_MAX_LENGTH = 30

/** docs/behaviour.md#email: an e-mail update is done when the e-mail changes, checked this often. */
export const EMAIL_UPDATE_POLL_MS = 1000
