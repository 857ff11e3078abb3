/** Which pass the artwork shows: the visitor's own, else the one the next mint gives. */
export type ArtworkChoice = { tokenId: bigint; owned: boolean }

/**
 * The visitor's pass when they hold one; else the next pass (ids count up from 1, so it is totalMinted + 1);
 * nothing while the visitor's pass is still being looked up (no flash of another pass) or once sold out.
 */
export function pickArtwork(pass: {
  ownedTokenId: bigint | undefined
  mintedCount: bigint
  totalMinted: bigint | undefined
  maxSupply: bigint | undefined
}): ArtworkChoice | undefined {
  if (pass.ownedTokenId !== undefined) return { tokenId: pass.ownedTokenId, owned: true }
  if (pass.mintedCount > 0n || pass.totalMinted === undefined || pass.maxSupply === undefined)
    return undefined
  if (pass.totalMinted >= pass.maxSupply) return undefined
  return { tokenId: pass.totalMinted + 1n, owned: false }
}
