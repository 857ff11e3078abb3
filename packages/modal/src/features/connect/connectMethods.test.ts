import { describe, expect, it } from 'vitest'
import { connectMethodOrder } from './connectMethods'

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
