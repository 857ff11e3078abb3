import { describe, expect, it } from 'vitest'
import { WalletErrorText } from '../../kernel/errors'
import type { Network } from '../types'
import { readCapabilities, readWalletAssets, supportsAssetDiscovery } from './assetDiscovery'

// The behaviour these tests check: docs/behaviour.md#asset-discovery.

const devnet = {
  id: 31337,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  name: 'Local devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
} satisfies Network

const usd = {
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  balance: '0x4c4b40',
  type: 'ERC20',
  metadata: { name: 'TestUSD', symbol: 'TUSD', decimals: 6, price: 1, iconUrl: 'data:image/png;base64,' },
}
const eth = {
  address: 'native',
  balance: '0xde0b6b3a7640000',
  type: 'NATIVE',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 2000, iconUrl: '' },
}

describe('Asset discovery: capabilities and the wallet asset response', () => {
  it('reads capabilities as an object or its JSON text; anything else is an error of its own', () => {
    const capabilities = { '0x7a69': { assetDiscovery: { supported: true } } }
    expect(supportsAssetDiscovery(readCapabilities(capabilities), devnet)).toBe(true)
    expect(supportsAssetDiscovery(readCapabilities(JSON.stringify(capabilities)), devnet)).toBe(true)
    expect(
      supportsAssetDiscovery(readCapabilities({ '0x1': { assetDiscovery: { supported: true } } }), devnet),
    ).toBe(false)
    expect(supportsAssetDiscovery(readCapabilities({}), devnet)).toBe(false)
    expect(() => readCapabilities('{not json')).toThrow(WalletErrorText.errorParsingCapabilities)
    expect(() => readCapabilities(7)).toThrow(WalletErrorText.errorParsingCapabilities)
  })

  it('turns a valid response into token balances: the native coin without an address, tokens with their CAIP id', () => {
    expect(readWalletAssets({ '0x7a69': [eth, usd] }, devnet)).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        price: 2000,
        value: 2000,
        quantity: { decimals: '18', numeric: '1' },
        iconUrl: '',
      },
      {
        name: 'TestUSD',
        symbol: 'TUSD',
        chainId: 'eip155:31337',
        address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
        price: 1,
        value: 5,
        quantity: { decimals: '6', numeric: '5' },
        iconUrl: 'data:image/png;base64,',
      },
    ])
    expect(readWalletAssets({ '0x1': [usd] }, devnet)).toEqual([])
  })

  it('is accepted only if every entry is valid', () => {
    const broken = { ...usd, balance: '5000000' }
    expect(readWalletAssets({ '0x7a69': [eth, broken] }, devnet)).toBeUndefined()
    expect(readWalletAssets({ '0x7a69': [eth, { ...usd, type: 'ERC721' }] }, devnet)).toBeUndefined()
    expect(
      readWalletAssets({ '0x1': [{ ...usd, metadata: { ...usd.metadata, price: '1' } }] }, devnet),
    ).toBeUndefined()
    expect(readWalletAssets([eth], devnet)).toBeUndefined()
  })
})
