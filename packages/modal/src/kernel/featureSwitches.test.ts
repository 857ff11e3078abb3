import type { Feature } from '@allaccess/protocol'
import { describe, expect, it } from 'vitest'
import { DEFAULT_FEATURES, resolveFeatures } from './featureSwitches'

// The behaviour these tests check: docs/behaviour.md#features.

describe('Default features and remote feature flags', () => {
  it('on: send, receive, analytics, all wallets; off: legal checkbox, collapse wallets, pay, multi-wallet', () => {
    expect(resolveFeatures({}, undefined)).toMatchObject({
      send: true,
      receive: true,
      analytics: true,
      allWallets: true,
      legalCheckbox: false,
      collapseWallets: false,
      pay: false,
      multiWallet: false,
    })
  })

  it('the site switches the legal checkbox and collapse wallets on; the remote features leave them be', () => {
    const local = { legalCheckbox: true, collapseWallets: true }
    expect(resolveFeatures(local, [])).toMatchObject(local)
    expect(resolveFeatures(local, undefined)).toMatchObject(local)
  })

  it('multi-wallet support is off by default and is only enabled remotely', () => {
    expect(resolveFeatures({ multiWallet: true }, undefined).multiWallet).toBe(false)
    expect(resolveFeatures({}, [{ id: 'multi_wallet', isEnabled: true, config: null }]).multiWallet).toBe(
      true,
    )
  })

  it('config null means use the local setting; a missing or disabled id means off', () => {
    const remote: Feature[] = [
      { id: 'activity', isEnabled: true, config: null },
      { id: 'onramp', isEnabled: false, config: null },
      { id: 'social_login', isEnabled: true, config: ['google', 'github'] },
    ]
    const features = resolveFeatures({ activity: false, onramp: true }, remote)
    expect(features).toMatchObject({
      activity: false,
      onramp: false,
      socials: true,
      swaps: false,
      multiWallet: false,
    })
    expect(features.allWallets).toBe(DEFAULT_FEATURES.allWallets)
  })

  it('the defaults as docs/behaviour.md#switches lists them, and a falsy config turning its switch off', () => {
    expect(DEFAULT_FEATURES).toEqual({
      allWallets: true,
      send: true,
      receive: true,
      analytics: true,
      activity: true,
      onramp: true,
      swaps: true,
      email: true,
      socials: true,
      pay: false,
      multiWallet: false,
      legalCheckbox: false,
      collapseWallets: false,
      viewPlaceholders: false,
    })
    const remote: Feature[] = [
      { id: 'activity', isEnabled: true, config: false },
      { id: 'swap', isEnabled: true, config: { slippage: 1 } },
    ]
    expect(resolveFeatures({}, remote)).toMatchObject({ activity: false, swaps: true })
  })

  it('Pay feature: when it is on, e-mail and social login are disabled', () => {
    expect(resolveFeatures({ pay: true, email: true, socials: true }, undefined)).toMatchObject({
      pay: true,
      email: false,
      socials: false,
    })
  })
})
