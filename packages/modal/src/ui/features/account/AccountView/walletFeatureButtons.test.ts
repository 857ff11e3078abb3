import { describe, expect, it } from 'vitest'
import { DEFAULT_FEATURES } from '../../../../core/features'
import { walletFeatureButtons } from './walletFeatureButtons'

// The behaviour these tests check: docs/behaviour.md#account.

describe('Account: the wallet feature buttons', () => {
  it('come in the order on-ramp, swaps, receive, send, only those switched on and built', () => {
    expect(walletFeatureButtons(DEFAULT_FEATURES).map((button) => button.label)).toEqual(['Receive', 'Send'])
    expect(walletFeatureButtons({ ...DEFAULT_FEATURES, send: false }).map((button) => button.id)).toEqual([
      'receive',
    ])
    expect(walletFeatureButtons({ ...DEFAULT_FEATURES, send: false, receive: false })).toEqual([])
  })
})
