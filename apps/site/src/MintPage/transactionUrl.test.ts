import { describe, expect, it } from 'vitest'
import { transactionUrl } from './transactionUrl'

describe('transactionUrl', () => {
  it('links the explorer’s transaction page', () => {
    expect(transactionUrl('https://sepolia.etherscan.io/', '0xab')).toBe(
      'https://sepolia.etherscan.io/tx/0xab',
    )
    expect(transactionUrl('https://explorer.example/base', '0xab')).toBe(
      'https://explorer.example/base/tx/0xab',
    )
  })
  it('is absent without an explorer', () => {
    expect(transactionUrl(undefined, '0xab')).toBeUndefined()
  })
})
