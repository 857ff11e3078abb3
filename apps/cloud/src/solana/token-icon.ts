import type { Address } from '@solana/kit'
import type { AccountSource } from '../account/source.js'
import { monogramSvg } from '../directory/catalogue/index.js'
import { imageFrom, type StoredImage } from '../directory/images.js'
import { metadataAddressOf, readMetadata } from './metadata.js'
import type { SolanaNetworks } from './networks.js'

/** `solana:<ref>:<mint>`: an SPL token's fungible id, as its balance's icon URL names it. */
const SPL_TOKEN_ID = /^(solana:[1-9A-HJ-NP-Za-km-z]{32}):([1-9A-HJ-NP-Za-km-z]{32,44})$/

/** An SPL token's icon: a monogram of the symbol its metadata gives (never a brand's logo, as for ERC-20s). */
async function splTokenIcon(networks: SolanaNetworks, id: string): Promise<StoredImage | undefined> {
  const [, chainId, mint] = SPL_TOKEN_ID.exec(id) ?? []
  if (!chainId || !mint || !networks.has(chainId)) return undefined
  try {
    const metadata = await metadataAddressOf(mint as Address)
    const { value } = await networks
      .rpc(chainId)
      .call<{ value: { data: [string, string] } | null }>('getAccountInfo', [
        metadata,
        { encoding: 'base64' },
      ])
    const named = value ? readMetadata(value.data[0]) : undefined
    return named ? imageFrom('token', id, 'image/svg+xml', monogramSvg(named.symbol, id)) : undefined
  } catch {
    // An unknown mint or a node that fails: no icon (the route answers 404), as for an unindexed ERC-20.
    return undefined
  }
}

/** `source` with the icons of SPL tokens on the Solana networks too. */
export function withSplTokenIcons(source: AccountSource, networks: SolanaNetworks): AccountSource {
  return {
    ...source,
    tokenIcon: (id) => (id.startsWith('solana:') ? splTokenIcon(networks, id) : source.tokenIcon(id)),
  }
}
