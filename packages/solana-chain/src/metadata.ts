// tUSD's name and symbol in a Metaplex-shaped metadata account (README: metadata), so wallets and the cloud read
// a token's name where they read it on mainnet.
import { type Address, getAddressEncoder, getProgramDerivedAddress, getUtf8Encoder } from '@solana/kit'
import { TOKEN_METADATA_PROGRAM } from './constants'

/** Metaplex's Key::MetadataV1 and TokenStandard::Fungible. */
const METADATA_V1 = 4
const FUNGIBLE = 2
/** Metaplex pads name, symbol and uri to these lengths. */
const NAME_LENGTH = 32
const SYMBOL_LENGTH = 10
const URI_LENGTH = 200

/** The metadata account of `mint`: the PDA of ["metadata", program, mint] under Token Metadata. */
export async function metadataAddress(mint: Address): Promise<Address> {
  const [pda] = await getProgramDerivedAddress({
    programAddress: TOKEN_METADATA_PROGRAM as Address,
    seeds: [
      'metadata',
      getAddressEncoder().encode(TOKEN_METADATA_PROGRAM as Address),
      getAddressEncoder().encode(mint),
    ],
  })
  return pda
}

function borshString(text: string, padTo: number): Uint8Array {
  const bytes = new Uint8Array(padTo)
  bytes.set(getUtf8Encoder().encode(text).slice(0, padTo))
  const out = new Uint8Array(4 + padTo)
  new DataView(out.buffer).setUint32(0, padTo, true)
  out.set(bytes, 4)
  return out
}

/** Metaplex Metadata (v1.x layout) with no creators, collection or uses. */
export function encodeMetadata(fields: {
  updateAuthority: Address
  mint: Address
  name: string
  symbol: string
  uri?: string
}): Uint8Array {
  const address = getAddressEncoder()
  const parts: Uint8Array[] = [
    Uint8Array.of(METADATA_V1),
    new Uint8Array(address.encode(fields.updateAuthority)),
    new Uint8Array(address.encode(fields.mint)),
    borshString(fields.name, NAME_LENGTH),
    borshString(fields.symbol, SYMBOL_LENGTH),
    borshString(fields.uri ?? '', URI_LENGTH),
    // seller fee basis points (u16), creators: None, primary sale: false, mutable: true, edition nonce: None,
    // token standard: Some(Fungible), collection: None, uses: None, collection details: None, programmable: None.
    Uint8Array.of(0, 0, 0, 0, 1, 0, 1, FUNGIBLE, 0, 0, 0, 0),
  ]
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}
