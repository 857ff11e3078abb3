import { multicall3Address } from '@allaccess/chain/deployments'
import { type Address, hexToBigInt } from 'viem'
import { findOwnedToken } from '../chain/findOwnedToken'
import { readPassStats } from '../chain/readPassStats'
import { readTokenUri } from '../chain/readTokenUri'
import { env } from '../env'
import { useAsync } from '../lib/useAsync'
import { chain, chainClient as client } from '../wagmi'
import { decodeTokenUri } from './decodeTokenUri'
import { type ArtworkChoice, pickArtwork } from './pickArtwork'

const pass = env.passAddress
const multicall = chain.contracts?.multicall3?.address ?? multicall3Address

/** Everything the mint page shows: the stats in one multicall, the balance, the owned token and its art. */
export function usePassData(account: Address | undefined) {
  const stats = useAsync(`stats:${account ?? ''}`, () => readPassStats(client, { pass, multicall, account }))
  const balance = useAsync(account ? `balance:${account}` : null, async () =>
    hexToBigInt(await client.request({ method: 'eth_getBalance', params: [account as Address, 'latest'] })),
  )
  const mintedCount = account ? (stats.data?.mintedBy ?? 0n) : 0n
  const ownedToken = useAsync(account && mintedCount > 0n ? `owned:${account}:${mintedCount}` : null, () =>
    findOwnedToken(client, { pass, owner: account as Address }),
  )

  const totalMinted = stats.data?.totalMinted
  const maxSupply = stats.data?.maxSupply
  const shown = pickArtwork({ ownedTokenId: ownedToken.data, mintedCount, totalMinted, maxSupply })
  const artwork = useAsync(shown ? `art:${shown.owned}:${shown.tokenId}` : null, () =>
    loadArtwork(shown as ArtworkChoice),
  )

  return {
    stats,
    price: stats.data?.price,
    maxSupply,
    totalMinted,
    mintedCount,
    balance: balance.data,
    ownedTokenId: ownedToken.data,
    artwork: artwork.data,
    refetch: async () => {
      await Promise.all([stats.refetch(), balance.refetch()])
    },
  }
}

/** The visitor's pass from the chain; the next one drawn here (its tokenURI exists only once minted). */
async function loadArtwork({ tokenId, owned }: ArtworkChoice) {
  const metadata = owned
    ? decodeTokenUri(await readTokenUri(client, pass, tokenId))
    : (await import('./previewArtwork')).previewArtwork(tokenId)
  return { ...metadata, owned }
}
