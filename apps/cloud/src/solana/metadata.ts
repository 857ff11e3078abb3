import {
  type Address,
  getAddressEncoder,
  getBase64Encoder,
  getProgramDerivedAddress,
  getUtf8Decoder,
} from '@solana/kit'

/** Metaplex Token Metadata: where wallets and explorers read an SPL token's name and symbol. */
const TOKEN_METADATA_PROGRAM = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s' as Address
/** key (1) + update authority (32) + mint (32), then the name and the symbol as Borsh strings (u32 length). */
const NAME_OFFSET = 65
const MAX_FIELD = 200

/** A mint's metadata account: the PDA of ["metadata", program, mint]. */
export async function metadataAddressOf(mint: Address): Promise<Address> {
  const address = getAddressEncoder()
  const [pda] = await getProgramDerivedAddress({
    programAddress: TOKEN_METADATA_PROGRAM,
    seeds: ['metadata', address.encode(TOKEN_METADATA_PROGRAM), address.encode(mint)],
  })
  return pda
}

/** Name and symbol from a metadata account's base64 data; undefined when it is not Metaplex metadata. */
export function readMetadata(base64: string): { name: string; symbol: string } | undefined {
  const data = new Uint8Array(getBase64Encoder().encode(base64))
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const utf8 = getUtf8Decoder()
  let offset = NAME_OFFSET
  const field = () => {
    if (offset + 4 > data.length) return undefined
    const length = view.getUint32(offset, true)
    if (length > MAX_FIELD || offset + 4 + length > data.length) return undefined
    const text = utf8
      .decode(data.subarray(offset + 4, offset + 4 + length))
      .replace(/\0+$/, '')
      .trim()
    offset += 4 + length
    return text
  }
  const name = field()
  const symbol = field()
  return name && symbol ? { name, symbol } : undefined
}
