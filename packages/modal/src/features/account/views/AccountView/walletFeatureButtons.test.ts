import { describe, expect, it } from 'vitest'
import type { WalletFeatureButton } from '../../../../app/featureContext'
import { DEFAULT_FEATURES } from '../../../../kernel/featureSwitches'
import { walletFeatureButtons } from './walletFeatureButtons'

const button = (id: WalletFeatureButton['id'], label: string): WalletFeatureButton => ({
  id,
  label,
  open() {},
})
const send = button('send', 'Send')
const receive = button('receive', 'Receive')
const buy = button('onramp', 'Buy')
const swap = button('swaps', 'Swap')

describe('walletFeatureButtons', () => {
  it('orders the buttons on-ramp, swaps, receive, send whatever order the features bring them in', () => {
    expect(
      walletFeatureButtons(DEFAULT_FEATURES, [send, receive, swap, buy]).map((shown) => shown.label),
    ).toEqual(['Buy', 'Swap', 'Receive', 'Send'])
  })

  it('shows only the buttons a feature brings', () => {
    expect(walletFeatureButtons(DEFAULT_FEATURES, [send, receive]).map((shown) => shown.id)).toEqual([
      'receive',
      'send',
    ])
  })

  it('leaves out the buttons whose switch is off', () => {
    const off = { ...DEFAULT_FEATURES, send: false, onramp: false }
    expect(walletFeatureButtons(off, [send, receive, swap, buy]).map((shown) => shown.id)).toEqual([
      'swaps',
      'receive',
    ])
    expect(
      walletFeatureButtons({ ...off, receive: false, swaps: false }, [send, receive, swap, buy]),
    ).toEqual([])
  })
})
