import { describe, expect, it } from 'vitest'
import type { Network } from '../types'
import { servesNetwork, walletChainOf } from './solanaChains'

const on = (id: string): Network => ({
  id,
  chainNamespace: 'solana',
  caipNetworkId: `solana:${id}`,
  name: id,
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [] } },
})

describe("the Wallet Standard's Solana chains", () => {
  it('names the public clusters by name and any other network (the local chain) solana:localnet', () => {
    expect(walletChainOf(on('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toBe('solana:mainnet')
    expect(walletChainOf(on('EtWTRABZaYq6iMfeYKouRu166VU2xqa1'))).toBe('solana:devnet')
    expect(walletChainOf(on('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'))).toBe('solana:testnet')
    expect(walletChainOf(on('Gu1Fd1LHzPMVXRNPvnzDuTTdr9X6Ae1Q'))).toBe('solana:localnet')
  })

  it('finds a network in a wallet’s chains by its CAIP-2 id or by that name', () => {
    const devnet = on('EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    expect(servesNetwork(['solana:devnet'], devnet)).toBe(true)
    expect(servesNetwork(['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'], devnet)).toBe(true)
    expect(servesNetwork(['solana:mainnet', 'solana:localnet'], devnet)).toBe(false)
  })
})
