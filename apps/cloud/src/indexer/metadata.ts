import { decodeAbiParameters, type Hex } from 'viem'
import { UpstreamAnswerTooLargeError } from '../gateway/index.js'
import {
  METADATA_ANSWER_BYTES,
  NFT_DESCRIPTION_MAX,
  NFT_IMAGE_MAX_BYTES,
  NFT_NAME_MAX,
  TOKEN_NAME_MAX,
  TOKEN_SYMBOL_MAX,
} from './limits.js'
import { type ChainRpc, RpcCallError } from './rpc.js'
import { sanitizeSvg } from './svg.js'
import type { Standard } from './tables.js'

/**
 * What tokens say about themselves, read once and distrusted: every call may revert, answer garbage or answer
 * megabytes; every string is cleaned and cut; images come only from data: URIs (nothing is ever fetched from a
 * host) and SVG is rebuilt passive. A field that cannot be read is null, and the lists show a fallback.
 */

const SELECTORS = {
  name: '0x06fdde03',
  symbol: '0x95d89b41',
  decimals: '0x313ce567',
  tokenURI: '0xc87b56dd',
  uri: '0x0e89341c',
} as const

/** Control and format characters (bidi overrides, zero-width marks): a name must look like what it is. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu

/** Visible text, whitespace collapsed, at most `max` characters (cut with an ellipsis); null when empty. */
export function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null
  const text = value
    .slice(0, max * 8)
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (text === '') return null
  const characters = [...text]
  return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : text
}

/** An ABI string, or the bytes32 some old tokens answer (NUL-padded). */
function decodeString(result: unknown): string | null {
  if (typeof result !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(result)) return null
  try {
    return decodeAbiParameters([{ type: 'string' }], result as Hex)[0]
  } catch {
    if (result.length !== 66) return null
    const bytes = Buffer.from(result.slice(2), 'hex')
    const end = bytes.indexOf(0)
    return bytes.subarray(0, end < 0 ? bytes.length : end).toString('utf8')
  }
}

/** An eth_call's result; null when it reverts or answers more than METADATA_ANSWER_BYTES. */
async function read(rpc: ChainRpc, to: string, data: string): Promise<unknown> {
  try {
    const [result] = await rpc.batch(
      [{ method: 'eth_call', params: [{ to, data }, 'latest'] }],
      METADATA_ANSWER_BYTES,
    )
    return result instanceof RpcCallError ? null : result
  } catch (error) {
    if (error instanceof UpstreamAnswerTooLargeError) return null
    throw error
  }
}

export type TokenMetadata = { name: string | null; symbol: string | null; decimals: number | null }

/** A token contract's name, symbol and (ERC-20) decimals. Throws only when the upstream itself fails. */
export async function readTokenMetadata(
  rpc: ChainRpc,
  address: string,
  standard: Exclude<Standard, 'native'>,
): Promise<TokenMetadata> {
  const name = cleanText(decodeString(await read(rpc, address, SELECTORS.name)), TOKEN_NAME_MAX)
  const symbol = cleanText(decodeString(await read(rpc, address, SELECTORS.symbol)), TOKEN_SYMBOL_MAX)
  if (standard !== 'erc20') return { name, symbol, decimals: null }
  const raw = await read(rpc, address, SELECTORS.decimals)
  const decimals = typeof raw === 'string' && /^0x[0-9a-fA-F]{64}$/.test(raw) ? BigInt(raw) : -1n
  return { name, symbol, decimals: decimals >= 0n && decimals <= 255n ? Number(decimals) : null }
}

export type NftImage = { type: string; body: Buffer }
export type NftMetadata = { name: string | null; description: string | null; image: NftImage | null }

const NO_METADATA: NftMetadata = { name: null, description: null, image: null }

/** An NFT's `tokenURI` (ERC-721) or `uri` (ERC-1155) metadata. Throws only when the upstream itself fails. */
export async function readNftMetadata(
  rpc: ChainRpc,
  contract: string,
  tokenId: string,
  standard: 'erc721' | 'erc1155',
): Promise<NftMetadata> {
  const id = BigInt(tokenId).toString(16).padStart(64, '0')
  const selector = standard === 'erc721' ? SELECTORS.tokenURI : SELECTORS.uri
  const uri = decodeString(await read(rpc, contract, `${selector}${id}`))
  if (uri === null) return NO_METADATA
  // ERC-1155: clients substitute the token id, in lowercase hex of 64 digits, for `{id}`.
  return parseMetadataUri(standard === 'erc1155' ? uri.replaceAll('{id}', id) : uri)
}

const DATA_URI = /^data:([^,]{0,100}),/i

/** A data: URI's media type (lowercase, no parameters) and bytes; undefined for any other URI. */
function readDataUri(uri: string): { type: string; body: Buffer } | undefined {
  const match = DATA_URI.exec(uri.trimStart())
  if (!match) return undefined
  const [type = '', ...parameters] = (match[1] ?? '').toLowerCase().split(';')
  const payload = uri.trimStart().slice(match[0].length)
  if (parameters.includes('base64')) return { type: type.trim(), body: Buffer.from(payload, 'base64') }
  try {
    return { type: type.trim(), body: Buffer.from(decodeURIComponent(payload)) }
  } catch {
    return { type: type.trim(), body: Buffer.from(payload) }
  }
}

/**
 * Metadata JSON from a data: URI. Any other URI (https:, ipfs:, javascript:) gives no metadata: the cloud
 * fetches nothing from outside.
 */
export function parseMetadataUri(uri: string): NftMetadata {
  const data = readDataUri(uri)
  if (data?.type !== 'application/json' || data.body.length > METADATA_ANSWER_BYTES) return NO_METADATA
  let json: unknown
  try {
    json = JSON.parse(data.body.toString('utf8'))
  } catch {
    return NO_METADATA
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return NO_METADATA
  const fields = json as Record<string, unknown>
  return {
    name: cleanText(fields.name, NFT_NAME_MAX),
    description: cleanText(fields.description, NFT_DESCRIPTION_MAX),
    image: decodeImage(fields.image_data) ?? decodeImage(fields.image),
  }
}

/** The first bytes of each raster type kept: a body that does not start so is not that image. */
const RASTER_MAGIC = new Map([
  ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['image/gif', Buffer.from('GIF8')],
  ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff])],
  ['image/webp', Buffer.from('RIFF')],
])

/** An image from a data: URI or inline SVG markup (`image_data`): sanitized SVG or a checked raster; else null. */
export function decodeImage(value: unknown): NftImage | null {
  if (typeof value !== 'string') return null
  const data = /^\s*</.test(value) ? { type: 'image/svg+xml', body: Buffer.from(value) } : readDataUri(value)
  if (!data || data.body.length > NFT_IMAGE_MAX_BYTES) return null
  if (data.type === 'image/svg+xml') {
    const svg = sanitizeSvg(data.body.toString('utf8'))
    return svg ? { type: 'image/svg+xml', body: Buffer.from(svg) } : null
  }
  const magic = RASTER_MAGIC.get(data.type)
  if (!magic || !data.body.subarray(0, magic.length).equals(magic)) return null
  return { type: data.type, body: data.body }
}
