import { parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import type { GrantedPermission } from '../permissions'
import { describePermission, durationText, feeBudgetText } from './permissionText'

const native: GrantedPermission = {
  type: 'native-token-transfer',
  asked: { type: 'native-token-transfer', data: {}, policies: [], required: false },
  allowance: parseEther('0.01').toString(),
  spent: parseEther('0.004').toString(),
  rateLimit: { count: 10, interval: 3600 },
  uses: [],
}
const mint: GrantedPermission = {
  type: 'contract-call',
  asked: { type: 'contract-call', data: {}, policies: [], required: false },
  address: `0x${'b'.repeat(40)}`,
  selectors: ['0x1249c58b'],
  calls: ['mint()'],
  allowance: '0',
  spent: '0',
  rateLimit: { count: 1, interval: 5400 },
  uses: [],
}

describe('a permission in words', () => {
  it("names the network's own coin, the calls a rate limit counts, and on revoking what was used", () => {
    expect(describePermission(native, 1, false)).toBe(
      'Send up to 0.01 ETH in all, at most 10 calls every 1 hour',
    )
    expect(describePermission(native, 137, true)).toBe(
      'Send up to 0.01 POL in all, at most 10 calls every 1 hour (0.004 POL used)',
    )
    expect(describePermission(mint, 31337, false)).toBe(
      `Call 0x${'b'.repeat(40)}: mint(), at most 1 call every 90 minutes`,
    )
  })

  it('says plainly that a function with arguments is granted for any amount, and names the fee budget', () => {
    const transfer: GrantedPermission = {
      ...mint,
      calls: ['transfer(address,uint256)'],
      selectors: ['0xa9059cbb'],
    }
    expect(describePermission(transfer, 31337, false)).toBe(
      `Call 0x${'b'.repeat(40)}: transfer(address,uint256), with any arguments: any amount, to anyone, at most 1 call every 90 minutes`,
    )
    const fees = { feeBudget: parseEther('0.002').toString(), feesSpent: parseEther('0.0005').toString() }
    expect(feeBudgetText(fees, 31337, false)).toBe('Network fees: up to 0.002 ETH in all')
    expect(feeBudgetText(fees, 31337, true)).toBe('Network fees: up to 0.002 ETH in all (0.0005 ETH used)')
  })

  it('gives an interval in its largest whole unit', () => {
    expect([86_400, 3_600, 5_400, 61, 120].map(durationText)).toEqual([
      '1 day',
      '1 hour',
      '90 minutes',
      '61 seconds',
      '2 minutes',
    ])
  })
})
