import { describe, expect, it } from 'vitest'
import type { Network } from '../types'
import { solanaFamily } from './solanaFamily'

// The behaviour these tests check: docs/behaviour.md#chains (addresses, explorer links) and #sign-in.

const network = (blockExplorerUrl?: string): Network => ({
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [] } },
  ...(blockExplorerUrl ? { blockExplorerUrl } : {}),
})
const ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

describe('the Solana family', () => {
  it('takes a base58 public key of 32 to 44 characters, trimmed, and refuses anything else', () => {
    expect(solanaFamily.parseAddress(`  ${ADDRESS} `)).toEqual({ address: ADDRESS })
    expect(solanaFamily.parseAddress('11111111111111111111111111111111')).toEqual({
      address: '11111111111111111111111111111111',
    })
    for (const bad of [
      '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', // an EVM address
      `${ADDRESS.slice(0, -1)}0`, // 0 is no base58 letter
      ADDRESS.slice(0, 20), // too short
      '1111111111111111111111111111111111111111111', // 43 base58 characters that spell no 32-byte key
    ])
      expect(solanaFamily.parseAddress(bad)).toEqual({ problem: 'invalidReceiver' })
    expect(solanaFamily.addressFormat).toBe('32 to 44 base58 characters')
  })

  it("links the explorer's address and transaction pages, keeping the cluster in the explorer's query", () => {
    const devnet = network('https://explorer.solana.com?cluster=devnet')
    expect(solanaFamily.explorerUrl(devnet, 'address', ADDRESS)).toBe(
      `https://explorer.solana.com/address/${ADDRESS}?cluster=devnet`,
    )
    expect(solanaFamily.explorerUrl(devnet, 'transaction', 'sig')).toBe(
      'https://explorer.solana.com/tx/sig?cluster=devnet',
    )
    // A network that names no explorer: Solana Explorer on its cluster, the local chain on its own node.
    expect(solanaFamily.explorerUrl(network(), 'address', ADDRESS)).toBe(
      `https://explorer.solana.com/address/${ADDRESS}?cluster=devnet`,
    )
    const local = {
      ...network(),
      id: 'Tnwe9PZ5Ug274Ze7Tiurka8Y4UF42N4B',
      rpcUrls: { default: { http: ['http://127.0.0.1:8787/v1/?chainId=x', 'http://127.0.0.1:8899'] } },
    }
    expect(solanaFamily.explorerUrl(local, 'transaction', 'sig')).toBe(
      'https://explorer.solana.com/tx/sig?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899',
    )
    expect(
      solanaFamily.explorerUrl({ ...local, rpcUrls: { default: { http: [] } } }, 'tx' as never, 'sig'),
    ).toBeUndefined()
    expect(
      solanaFamily.explorerUrl({ ...network(), id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, 'address', ADDRESS),
    ).toBe(`https://explorer.solana.com/address/${ADDRESS}`)
  })

  it("has no activity or names from the cloud (EVM's only), and Solana's coin type", () => {
    expect(solanaFamily).toMatchObject({ activity: false, names: false })
    expect(solanaFamily.nameCoinTypes(network())).toEqual([501])
  })

  it("signs in with CAIP-122's Solana message, the chain by its reference", async () => {
    const text = await solanaFamily.signInMessage({
      chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      accountAddress: ADDRESS,
      domain: '127.0.0.1:5173',
      uri: 'http://127.0.0.1:5173',
      version: '1',
      nonce: 'a1b2c3d4e5f6a7b8',
      statement: 'Sign in to All-Access Pass',
      resources: ['http://127.0.0.1:5173/holders'],
      requestId: 'request-1',
      issuedAt: '2026-11-26T05:00:00.000Z',
      expirationTime: '2026-11-27T05:00:00.000Z',
    })
    expect(text).toBe(
      [
        '127.0.0.1:5173 wants you to sign in with your Solana account:',
        ADDRESS,
        '',
        'Sign in to All-Access Pass',
        '',
        'URI: http://127.0.0.1:5173',
        'Version: 1',
        'Chain ID: EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
        'Nonce: a1b2c3d4e5f6a7b8',
        'Issued At: 2026-11-26T05:00:00.000Z',
        'Expiration Time: 2026-11-27T05:00:00.000Z',
        'Request ID: request-1',
        'Resources:',
        '- http://127.0.0.1:5173/holders',
      ].join('\n'),
    )
  })
})
