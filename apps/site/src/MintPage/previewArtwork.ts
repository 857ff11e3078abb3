import type { PassMetadata } from './decodeTokenUri'

/**
 * The artwork the contract gives pass `tokenId` (AllAccessPass.sol, `_svg`), drawn here because `tokenURI`
 * answers only for passes already minted. previewArtwork.test.ts checks it byte for byte against the contract.
 */
export function previewArtwork(tokenId: bigint): PassMetadata {
  const id = tokenId.toString()
  // The contract's hue: consecutive ids spread round the colour wheel.
  const hue = Number((tokenId * 137n) % 360n)
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">' +
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
    `<stop offset="0" stop-color="hsl(${hue},72%,46%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 48) % 360},78%,22%)"/></linearGradient></defs>` +
    '<rect width="400" height="400" rx="28" fill="url(#g)"/>' +
    '<circle cx="340" cy="60" r="130" fill="#fff" fill-opacity=".08"/>' +
    '<rect x="28" y="28" width="344" height="344" rx="18" fill="none" stroke="#fff" stroke-opacity=".4" ' +
    'stroke-width="2" stroke-dasharray="2 8" stroke-linecap="round"/>' +
    '<g font-family="ui-sans-serif,system-ui,Helvetica,Arial,sans-serif" fill="#fff">' +
    '<text x="56" y="92" font-size="17" font-weight="600" letter-spacing="5" fill-opacity=".85">ALL-ACCESS PASS</text>' +
    '<text x="56" y="122" font-size="13" letter-spacing="2" fill-opacity=".6">ADMIT ONE &#183; EVERYWHERE</text>' +
    `<text x="52" y="338" font-size="76" font-weight="700">#${id}</text></g></svg>`
  return { name: `All-Access Pass #${id}`, image: `data:image/svg+xml;base64,${btoa(svg)}` }
}
