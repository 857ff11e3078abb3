import type { Feature, FeatureId } from '@allaccess/protocol'

/** The modal's switches. Defaults of docs/behaviour.md#switches. */
export type Features = {
  email: boolean
  socials: boolean
  allWallets: boolean
  send: boolean
  receive: boolean
  analytics: boolean
  pay: boolean
  activity: boolean
  onramp: boolean
  swaps: boolean
  /** docs/behaviour.md#switches: off by default and only enabled remotely. */
  multiWallet: boolean
  /** The visitor accepts the terms and privacy policy (`termsConditionsUrl`, `privacyPolicyUrl`) before connecting. */
  legalCheckbox: boolean
  /** The Connect view shows one 'Continue with a wallet' entry that opens the wallet list. */
  collapseWallets: boolean
  /** For developers of the modal: views not built yet show a placeholder instead of Connect. */
  viewPlaceholders: boolean
}

export const DEFAULT_FEATURES: Features = {
  email: true,
  socials: true,
  allWallets: true,
  send: true,
  receive: true,
  analytics: true,
  pay: false,
  activity: true,
  onramp: true,
  swaps: true,
  multiWallet: false,
  legalCheckbox: false,
  collapseWallets: false,
  viewPlaceholders: false,
}

/** Which remote feature id (GET /appkit/v1/config, ids of @allaccess/protocol) governs which switch. */
const REMOTE_FEATURES: Partial<Record<FeatureId, keyof Features>> = {
  multi_wallet: 'multiWallet',
  social_login: 'socials',
  email_capture: 'email',
  activity: 'activity',
  onramp: 'onramp',
  swap: 'swaps',
}

/**
 * Merges the project's remote features over the local options: a remote id that is missing or disabled turns its
 * switch off; `config: null` means "use the local setting"; any other config turns it on. Multi-wallet is never on
 * by local option alone. docs/behaviour.md#switches: the pay feature on turns e-mail and social off.
 */
export function resolveFeatures(local: Partial<Features>, remote: readonly Feature[] | undefined): Features {
  const merged: Features = { ...DEFAULT_FEATURES, ...local, multiWallet: false }
  if (remote) {
    for (const [id, key] of Object.entries(REMOTE_FEATURES)) {
      const entry = remote.find((feature) => feature.id === id)
      const localValue = key === 'multiWallet' ? true : (local[key] ?? DEFAULT_FEATURES[key])
      merged[key] = entry?.isEnabled ? (entry.config === null ? localValue : Boolean(entry.config)) : false
    }
  }
  if (merged.pay) {
    merged.email = false
    merged.socials = false
  }
  return merged
}
