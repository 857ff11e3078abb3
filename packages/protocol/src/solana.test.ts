import { describe, expect, it } from 'vitest'
import { SOL_DECIMALS, SOLANA_GATEWAY_METHODS, SOLANA_LOCAL_ONLY_METHODS, SOLANA_NETWORKS } from './solana'

describe('the Solana networks and gateway methods', () => {
  it('pins the three networks’ CAIP-2 ids (the first 32 characters of each genesis hash)', () => {
    expect(SOLANA_NETWORKS).toEqual({
      mainnet: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      devnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      testnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    })
    expect(SOL_DECIMALS).toBe(9)
  })

  it('forwards sends and reads, never a program-wide scan; airdrops only where the chain is local', () => {
    expect(SOLANA_GATEWAY_METHODS.has('sendTransaction')).toBe(true)
    expect(SOLANA_GATEWAY_METHODS.has('getProgramAccounts')).toBe(false)
    expect(SOLANA_GATEWAY_METHODS.has('requestAirdrop')).toBe(false)
    expect([...SOLANA_LOCAL_ONLY_METHODS]).toEqual(['requestAirdrop'])
  })
})
