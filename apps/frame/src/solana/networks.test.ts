import { describe, expect, it } from 'vitest'
import { FRAME_SOLANA_NETWORKS, solAmount, solanaNetwork, UNSUPPORTED_SOLANA_NETWORK } from './networks'

const gateway = { cloudUrl: 'http://cloud.test', projectId: 'p1' }

describe('solana networks: spec §9 in the frame', () => {
  it('mainnet, devnet, testnet and the local chain', () => {
    expect([...FRAME_SOLANA_NETWORKS]).toEqual([
      ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana'],
      ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet'],
      ['solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'Solana Testnet'],
      ['solana:Tnwe9PZ5Ug274Ze7Tiurka8Y4UF42N4B', 'Solana local chain'],
    ])
  })

  it('named by reference or CAIP-2 id, with the gateway as its RPC', () => {
    expect(solanaNetwork('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', gateway)).toEqual({
      caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      name: 'Solana Devnet',
      rpcUrl: 'http://cloud.test/v1/?chainId=solana%3AEtWTRABZaYq6iMfeYKouRu166VU2xqa1&projectId=p1',
    })
    expect(solanaNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', gateway).name).toBe('Solana')
  })

  it('any other is refused by name', () => {
    for (const chainId of [1, 'unknown', undefined, 'solana:1111111111111111111111111111111'])
      expect(() => solanaNetwork(chainId, gateway)).toThrow(UNSUPPORTED_SOLANA_NETWORK)
    expect(UNSUPPORTED_SOLANA_NETWORK).toBe('Unsupported Solana network')
  })

  it('lamports as SOL', () => expect(solAmount(1_500_000n)).toBe('0.0015 SOL'))
})
