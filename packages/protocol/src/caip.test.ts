import { describe, expect, it } from 'vitest'
import { isEvmAddress, isSolanaAddress, readCaipAddress, readCaipNetworkId, toCaipNetworkId } from './caip'

describe('addresses', () => {
  it('an EVM address is 40 hex characters with an optional 0x prefix, all one case or mixed', () => {
    expect(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
    expect(isEvmAddress('f39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(true)
    expect(isEvmAddress('0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266')).toBe(true)
    expect(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226')).toBe(false)
    expect(isEvmAddress('0xg39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
  })

  it('a Solana address is 32 to 44 base58 characters', () => {
    expect(isSolanaAddress('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(true)
    expect(isSolanaAddress('0OIl'.repeat(8))).toBe(false)
    expect(isSolanaAddress('abc')).toBe(false)
    expect(isSolanaAddress('1'.repeat(45))).toBe(false)
  })

  it('a chain-qualified account address has exactly 3 colon-separated parts', () => {
    expect(readCaipAddress('eip155:1:0xabc')).toEqual({ namespace: 'eip155', chainId: '1', address: '0xabc' })
    expect(readCaipAddress('eip155:1')).toBeUndefined()
    expect(readCaipAddress('eip155:1:0xabc:extra')).toBeUndefined()
    expect(readCaipAddress('eip155:1:')).toBeUndefined()
    expect(readCaipAddress('evm:1:0xabc')).toBeUndefined()
  })

  it('a network id has exactly 2, with a known namespace (docs/behaviour.md#chains)', () => {
    expect(readCaipNetworkId(toCaipNetworkId('eip155', 31337))).toEqual({
      namespace: 'eip155',
      chainId: '31337',
    })
    expect(readCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')?.namespace).toBe('solana')
    expect(readCaipNetworkId('eip155')).toBeUndefined()
    expect(readCaipNetworkId('eip155:')).toBeUndefined()
    expect(readCaipNetworkId('eip155:1:2')).toBeUndefined()
    expect(readCaipNetworkId('evm:1')).toBeUndefined()
  })
})
