import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAccountView } from '../../../../testing/renderAccountView'
import { emptyPage } from '../../accountState'
import { NftDetailView } from './NftDetailView'

// The behaviour these tests check: docs/behaviour.md#nfts.

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const nft = {
  id: `eip155:31337:${CONTRACT}:7`,
  chainId: 'eip155:31337',
  contract: CONTRACT,
  tokenId: '7',
  standard: 'ERC1155' as const,
  amount: '3',
  name: 'Badge #7',
  description: 'A badge.',
  collection: { name: 'Badges', symbol: 'BDG' },
  imageUrl: 'http://cloud.test/public/getNftImage/x',
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('NFTs: one NFT', () => {
  it('shows its art (named), collection, token id, standard, amount and contract, with an explorer link', () => {
    const html = renderAccountView(<NftDetailView id={nft.id} />, {
      account: { nfts: { ...emptyPage(), status: 'ready', items: [nft] } },
    })
    expect(html).toContain('src="http://cloud.test/public/getNftImage/x" alt="Badge #7"')
    for (const fact of ['<dd>Badges</dd>', '<dd>7</dd>', '<dd>ERC-1155</dd>', '<dd>3</dd>', '0x5FbD…0aa3']) {
      expect(html).toContain(fact)
    }
    expect(html).toContain(`href="https://explorer.test/token/${CONTRACT}?a=7"`)
  })

  it('an NFT no longer held says so', () => {
    expect(renderAccountView(<NftDetailView id="gone" />)).toContain('This NFT is no longer in the account')
  })
})
