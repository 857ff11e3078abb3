import { describe, expect, it } from 'vitest'
import { NameErrorText } from './api/nameErrors'
import {
  ANIMATION_HEADER_TEXT_MS,
  ANIMATION_MODAL_HEIGHT_MS,
  ANIMATION_VIEW_TRANSITION_MS,
  BANNER_REPLACEMENT_DELAY_MS,
  IMAGE_PRELOAD_TIMEOUT_MS,
  NAME_LOOKUP_CACHE_MS,
  NATIVE_BALANCE_CACHE_MS,
  PENDING_TRANSACTION_POLL_MS,
  RECEIPT_RETRY_COUNT,
  RECEIPT_RETRY_DELAY_MS,
  RECEIPT_WAIT_TIMEOUT_MS,
  RETRY_GAP_MS,
  SEARCH_DEBOUNCE_MS,
  SEND_RECEIPT_WAIT_MS,
  SHAKE_MS,
  TOKEN_BALANCE_RETRY_MS,
  WALLET_LIST_EAGER_IMAGES,
} from './app/constants'
import { AccountErrorText } from './features/account/errors'
import { SiwxErrorText } from './features/siwx/errors'
import { SOCIAL_POPUP_CHECK_MS, SOCIAL_POPUP_SIZE } from './features/social/constants'
import { ConnectionErrorText, WalletErrorText } from './kernel/errors'

/**
 * The spec's values, each written here as the spec writes it (§9's table, §4, §8), never taken from the constant
 * it checks: change a constant or a text and its row fails. A duration is read from the spec's words ('1 s',
 * '300 ms', '5 min'), so the table quotes the spec rather than restating it in milliseconds.
 */
const UNIT_MS = { ms: 1, s: 1_000, min: 60_000 } as const

/** '1 s' → 1000, '300 ms' → 300, '5 min' → 300000, '20' → 20. */
function specNumber(words: string): number {
  const match = /^(\d+)(?: (ms|s|min))?$/.exec(words)
  if (!match) throw new Error(`not a spec value: ${words}`)
  return Number(match[1]) * (match[2] ? UNIT_MS[match[2] as keyof typeof UNIT_MS] : 1)
}

/** [where the spec says it, its words, the modal's value]. */
const NUMBERS: readonly (readonly [string, string, number])[] = [
  ['§9 Retry gap default', '1 s', RETRY_GAP_MS],
  ['§9 Token balance retry', '30 s', TOKEN_BALANCE_RETRY_MS],
  ['§9 Cache: native balance', '30 s', NATIVE_BALANCE_CACHE_MS],
  ['§9 Cache: name lookups', '5 min', NAME_LOOKUP_CACHE_MS],
  ['§9 Search waits', '300 ms', SEARCH_DEBOUNCE_MS],
  ['§9 Wallet list: images for the first', '20', WALLET_LIST_EAGER_IMAGES],
  ['§9 Image preload timeout', '2 s', IMAGE_PRELOAD_TIMEOUT_MS],
  ['§9 Social popup width (px)', '600', SOCIAL_POPUP_SIZE.width],
  ['§9 Social popup height (px)', '800', SOCIAL_POPUP_SIZE.height],
  ['§9 Social popup closed-check', '1 s', SOCIAL_POPUP_CHECK_MS],
  ['§9 Banner replacement delay', '150 ms', BANNER_REPLACEMENT_DELAY_MS],
  ['§9 Shake', '500 ms', SHAKE_MS],
  ['§9 Animations: header text', '120 ms', ANIMATION_HEADER_TEXT_MS],
  ['§9 Animations: modal height', '150 ms', ANIMATION_MODAL_HEIGHT_MS],
  ['§9 Animations: view transition', '150 ms', ANIMATION_VIEW_TRANSITION_MS],
  ['§9 Receipt wait time-out', '180000 ms', RECEIPT_WAIT_TIMEOUT_MS],
  ['§9 Receipt wait retry count', '6', RECEIPT_RETRY_COUNT],
  ['§9 Receipt wait back-off (doubling)', '200 ms', RECEIPT_RETRY_DELAY_MS],
  ['§9 Send-transaction receipt wait', '25000 ms', SEND_RECEIPT_WAIT_MS],
  ['§9 Pending-transaction polling', '30000 ms', PENDING_TRANSACTION_POLL_MS],
]

/** [where the spec says it, its text, the modal's text]. */
const TEXTS: readonly (readonly [string, string, string])[] = [
  ['§8 Sign-in', 'A problem occurred while trying initialize authentication', SiwxErrorText.initialize],
  ['§8 Sign-in', 'Error signing message', SiwxErrorText.saveFailed],
  ['§8 Sign-in', 'Sign message failed', SiwxErrorText.signFailed],
  ['§5 Sending', 'A token is required', AccountErrorText.tokenRequired],
  ['§8 Connection errors', 'Invalid connection status', ConnectionErrorText.invalidConnectionStatus],
  ['§8 Connection errors', 'Chain adapter not found', ConnectionErrorText.chainAdapterNotFound],
  ['§8 Wallet and library messages', 'connector is undefined', WalletErrorText.connectorUndefined],
  ['§8 Wallet and library messages', 'namespace is required', WalletErrorText.namespaceRequired],
  [
    '§8 Wallet and library messages',
    'Error parsing wallet capabilities',
    WalletErrorText.errorParsingCapabilities,
  ],
  ['§8 Wallet and library messages', 'Transaction wait timeout', AccountErrorText.transactionWaitTimeout],
  ['§8 Name errors', 'Error resolving name', NameErrorText.resolving],
]

describe("the spec's values, pinned by their literal", () => {
  it.each(NUMBERS)('%s is %s', (_where, words, value) => {
    expect(value).toBe(specNumber(words))
  })

  it.each(TEXTS)("%s: '%s'", (_where, text, value) => {
    expect(value).toBe(text)
  })

  it("reads the spec's words as it writes them, and refuses what it can't read", () => {
    expect([specNumber('1 s'), specNumber('300 ms'), specNumber('5 min'), specNumber('6')]).toEqual([
      1_000, 300, 300_000, 6,
    ])
    expect(() => specNumber('1.5 s')).toThrow('not a spec value')
  })
})
