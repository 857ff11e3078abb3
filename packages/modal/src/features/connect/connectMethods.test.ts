import { describe, expect, it } from 'vitest'
import { cloudDownNote, connectMethodOrder, offeredConnectMethods } from './connectMethods'

// The behaviour these tests check: docs/behaviour.md#wallet-picker.

const all = { email: true, social: true, wallet: true }

describe('Connect screen: connect methods', () => {
  it('the default order is email, social, wallet', () => {
    expect(connectMethodOrder({ hasInstalledWallets: false, enabled: all })).toEqual([
      'email',
      'social',
      'wallet',
    ])
  })
  it('if injected or announced wallets exist, the order is wallet, email, social', () => {
    expect(connectMethodOrder({ hasInstalledWallets: true, enabled: all })).toEqual([
      'wallet',
      'email',
      'social',
    ])
  })
  it('the connect-method order can be overridden by configuration', () => {
    expect(
      connectMethodOrder({
        hasInstalledWallets: true,
        configured: ['social', 'wallet', 'email'],
        enabled: all,
      }),
    ).toEqual(['social', 'wallet', 'email'])
  })
  it('Pay feature: when it is on, e-mail and social login are disabled', () => {
    expect(
      connectMethodOrder({
        hasInstalledWallets: false,
        enabled: { email: false, social: false, wallet: true },
      }),
    ).toEqual(['wallet'])
  })
})

describe('Connect screen: the methods offered', () => {
  const on = { email: true, socials: true }
  const brought = { email: true, social: true }
  it('an installed wallet among the rows puts wallets first; a recent or directory one does not', () => {
    expect(offeredConnectMethods({ wallets: [{ section: 'injected' }], features: on, brought })).toEqual([
      'wallet',
      'email',
      'social',
    ])
    expect(
      offeredConnectMethods({
        wallets: [{ section: 'recent' }, { section: 'featured' }],
        features: on,
        brought,
      }),
    ).toEqual(['email', 'social', 'wallet'])
  })
  it('a method whose switch is off, or that no loaded feature brings, is not offered', () => {
    expect(
      offeredConnectMethods({ wallets: [], features: { email: true, socials: false }, brought }),
    ).toEqual(['email', 'wallet'])
    expect(
      offeredConnectMethods({ wallets: [], features: on, brought: { email: false, social: true } }),
    ).toEqual(['social', 'wallet'])
  })
  it('a configured order wins', () => {
    expect(
      offeredConnectMethods({
        wallets: [{ section: 'injected' }],
        features: on,
        brought,
        configured: ['social', 'email', 'wallet'],
      }),
    ).toEqual(['social', 'email', 'wallet'])
  })
})

describe('Connect screen: the cloud down', () => {
  it('names the offered logins that need the cloud, in its own words; wallets alone need no note', () => {
    expect(cloudDownNote(['wallet', 'email', 'social'])).toBe(
      'E-mail and social login are unavailable: the cloud can’t be reached.',
    )
    expect(cloudDownNote(['email', 'wallet'])).toBe(
      'E-mail login is unavailable: the cloud can’t be reached.',
    )
    expect(cloudDownNote(['social', 'wallet'])).toBe(
      'Social login is unavailable: the cloud can’t be reached.',
    )
    expect(cloudDownNote(['wallet'])).toBeUndefined()
  })
})
