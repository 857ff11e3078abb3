import { parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import type { GrantedPermission } from '../permissions'
import { describePermission, durationText } from './permissionText'

const native: GrantedPermission = {
  type: 'native-token-transfer',
  asked: { type: 'native-token-transfer', data: {}, policies: [], required: false },
  allowance: parseEther('0.01').toString(),
  spent: parseEther('0.004').toString(),
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
    expect(describePermission(native, 1, false)).toBe('Send up to 0.01 ETH in all')
    expect(describePermission(native, 137, true)).toBe('Send up to 0.01 POL in all (0.004 POL used)')
    expect(describePermission(mint, 31337, false)).toBe(
      `Call 0x${'b'.repeat(40)}: mint(), at most 1 call every 90 minutes`,
    )
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
