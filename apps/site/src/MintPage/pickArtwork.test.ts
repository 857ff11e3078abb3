import { describe, expect, it } from 'vitest'
import { pickArtwork } from './pickArtwork'

const supply = { totalMinted: 7n, maxSupply: 1000n }

describe('pickArtwork', () => {
  it('shows the visitor’s own pass when they hold one', () => {
    expect(pickArtwork({ ...supply, ownedTokenId: 3n, mintedCount: 1n })).toEqual({
      tokenId: 3n,
      owned: true,
    })
  })
  it('before minting, shows the pass the next mint gives: totalMinted + 1', () => {
    expect(pickArtwork({ ...supply, ownedTokenId: undefined, mintedCount: 0n })).toEqual({
      tokenId: 8n,
      owned: false,
    })
    expect(
      pickArtwork({ totalMinted: 0n, maxSupply: 10n, ownedTokenId: undefined, mintedCount: 0n }),
    ).toEqual({ tokenId: 1n, owned: false })
  })
  it('shows nothing while the visitor’s pass is looked up, while the supply loads, or when sold out', () => {
    expect(pickArtwork({ ...supply, ownedTokenId: undefined, mintedCount: 1n })).toBeUndefined()
    expect(
      pickArtwork({ totalMinted: undefined, maxSupply: undefined, ownedTokenId: undefined, mintedCount: 0n }),
    ).toBeUndefined()
    expect(
      pickArtwork({ totalMinted: 10n, maxSupply: 10n, ownedTokenId: undefined, mintedCount: 0n }),
    ).toBeUndefined()
  })
})
