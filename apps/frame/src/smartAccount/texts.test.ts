import { describe, expect, it } from 'vitest'
import {
  delegationCode,
  SIMPLE_7702_ACCOUNT,
  SMART_ACCOUNT_NETWORKS,
  SMART_ACCOUNT_TEXTS,
  smartAccountRoutes,
} from './config'

describe("the smart account's constants and texts", () => {
  it('pins the networks, the implementation, the routes and the words', () => {
    expect(SMART_ACCOUNT_NETWORKS).toEqual([31337])
    expect(SIMPLE_7702_ACCOUNT).toBe('0xe6Cae83BdE06E4c305530e199D7217f42808555B')
    expect(delegationCode(SIMPLE_7702_ACCOUNT)).toBe('0xef0100e6cae83bde06e4c305530e199d7217f42808555b')
    expect(smartAccountRoutes('http://127.0.0.1:8787', 'a b', 31337)).toEqual({
      bundlerUrl: 'http://127.0.0.1:8787/v1/bundler?chainId=eip155:31337&projectId=a%20b',
      paymasterUrl: 'http://127.0.0.1:8787/v1/paymaster?chainId=eip155:31337&projectId=a%20b',
    })
    expect(SMART_ACCOUNT_TEXTS.sponsoredFee('Up to 0.0003 ETH', 'Pass (https://pass.example)')).toBe(
      'Up to 0.0003 ETH, paid by Pass (https://pass.example)',
    )
    expect(SMART_ACCOUNT_TEXTS.delegation(SIMPLE_7702_ACCOUNT)).toBe(
      'This also makes your address a smart account: it delegates it (EIP-7702) to Simple7702Account at 0xe6Cae83BdE06E4c305530e199D7217f42808555B. Your address and your key stay the same.',
    )
    expect(SMART_ACCOUNT_TEXTS.atomic).toBe(
      'Sent together as one operation of your smart account: all of these calls happen, or none.',
    )
    expect(SMART_ACCOUNT_TEXTS.initTitle).toBe('Make your address a smart account')
    expect(SMART_ACCOUNT_TEXTS.unavailable).toBe('Smart accounts are not available on this network')
    expect(SMART_ACCOUNT_TEXTS.otherPaymaster).toBe(
      "The wallet pays no gas through another paymaster than its project's own",
    )
    expect(SMART_ACCOUNT_TEXTS.notAtomic).toBe(
      'This account sends calls one by one: switch it to a smart account to send them together',
    )
    expect(SMART_ACCOUNT_TEXTS.notSmartAccount).toBe(
      'This account is not a smart account on this network: switch it to a smart account to send operations',
    )
    expect(SMART_ACCOUNT_TEXTS.staleDelegation).toBe(
      'Your account sent a transaction while you decided: approve its delegation again',
    )
    expect(SMART_ACCOUNT_TEXTS.otherHash).toBe(
      'The bundler answered with the hash of another operation: this one is not followed',
    )
    expect(SMART_ACCOUNT_TEXTS.delegationFailed).toBe(
      'The delegation to the smart account did not go on chain: your account stays as it was',
    )
  })
})
