export type PassMetadata = { name: string; image: string }

const JSON_PREFIX = 'data:application/json;base64,'
const SVG_PREFIX = 'data:image/svg+xml;base64,'

/** Decodes the contract's on-chain `tokenURI`; anything unexpected is rejected rather than rendered. */
export function decodeTokenUri(uri: string): PassMetadata {
  if (!uri.startsWith(JSON_PREFIX)) throw new Error('tokenURI is not base64 JSON')
  const bytes = Uint8Array.from(atob(uri.slice(JSON_PREFIX.length)), (char) => char.charCodeAt(0))
  const { name, image } = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>
  if (typeof name !== 'string' || typeof image !== 'string' || !image.startsWith(SVG_PREFIX)) {
    throw new Error('tokenURI metadata lacks a name or an SVG image')
  }
  return { name, image }
}
