import { SOL_DECIMALS, type TokenBalance } from '@allaccess/protocol'
import { type Address, isAddress } from '@solana/kit'
import { formatUnits } from 'viem'
import { UpstreamUnavailableError } from '../account/errors.js'
import type { Prices } from '../account/prices.js'
import type { PublicUrl } from '../config/index.js'
import { BadRequestError } from '../http/errors.js'
import { metadataAddressOf, readMetadata } from './metadata.js'
import { RpcCallError, type SolanaNetworks, UpstreamError } from './networks.js'

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** SOL as AppKit's Solana networks name their coin. */
const SOL = { name: 'Solana', symbol: 'SOL' }
export const SOLANA_ADDRESS_TEXT = 'must be a Solana address: 32 to 44 base58 characters'

type ParsedTokenAccount = {
  account: {
    data: { parsed?: { info?: { mint?: string; tokenAmount?: { amount?: string; decimals?: number } } } }
  }
}
type Holding = { mint: string; amount: bigint; decimals: number }

export type SolanaBalanceOptions = { networks: SolanaNetworks; prices: Prices; publicUrl: PublicUrl }

/** The SPL Token holdings in a getTokenAccountsByOwner answer, summed by mint (an owner may hold several accounts). */
function holdingsOf(accounts: ParsedTokenAccount[]): Holding[] {
  const byMint = new Map<string, Holding>()
  for (const { account } of accounts) {
    const info = account.data.parsed?.info
    const amount = info?.tokenAmount?.amount
    const decimals = info?.tokenAmount?.decimals
    if (
      !info?.mint ||
      typeof amount !== 'string' ||
      !/^\d{1,30}$/.test(amount) ||
      typeof decimals !== 'number'
    )
      continue
    const held = byMint.get(info.mint)
    byMint.set(info.mint, { mint: info.mint, decimals, amount: (held?.amount ?? 0n) + BigInt(amount) })
  }
  // docs/behaviour.md#balances: zero-decimal entries are dropped as low quality.
  return [...byMint.values()].filter((holding) => holding.decimals > 0)
}

/**
 * SOL and the SPL tokens `owner` holds on a Solana network, read from its node in §3's token-balance shape; names
 * and symbols from the tokens' Metaplex metadata; prices from the prices file (`solana:<ref>:native`, `:<mint>`).
 */
export async function solanaBalances(
  { networks, prices, publicUrl }: SolanaBalanceOptions,
  chainId: string,
  owner: string,
): Promise<TokenBalance[]> {
  if (!isAddress(owner)) throw new BadRequestError(`address ${SOLANA_ADDRESS_TEXT}`)
  const rpc = networks.rpc(chainId)
  const read = async (calls: { method: string; params: unknown[] }[]) => {
    try {
      const answers = await rpc.batch(calls)
      const refused = answers.find((answer) => answer instanceof RpcCallError)
      if (refused) throw new UpstreamUnavailableError(chainId, (refused as Error).message)
      return answers
    } catch (error) {
      if (error instanceof UpstreamError) throw new UpstreamUnavailableError(chainId, error.message)
      throw error
    }
  }
  const [lamports, tokenAccounts] = await read([
    { method: 'getBalance', params: [owner, { commitment: 'confirmed' }] },
    {
      method: 'getTokenAccountsByOwner',
      params: [owner, { programId: TOKEN_PROGRAM }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
    },
  ])
  const coinLamports = (lamports as { value?: unknown } | undefined)?.value
  const accounts = (tokenAccounts as { value?: unknown } | undefined)?.value
  if (typeof coinLamports !== 'number' || !Array.isArray(accounts))
    throw new UpstreamUnavailableError(chainId, 'answered no balance')
  const holdings = holdingsOf(accounts as ParsedTokenAccount[])
  const metadata = holdings.length
    ? ((
        (
          await read([
            {
              method: 'getMultipleAccounts',
              params: [
                await Promise.all(holdings.map((h) => metadataAddressOf(h.mint as Address))),
                { encoding: 'base64' },
              ],
            },
          ])
        )[0] as { value?: ({ data?: [string, string] } | null)[] }
      ).value ?? [])
    : []

  const valued = (id: string, numeric: string) => {
    const price = prices.price(id)
    return price === undefined ? { price: 0 } : { price, value: Number(numeric) * price }
  }
  const icon = (id: string) => publicUrl.http(`/public/getTokenImage/${id}`)
  const coinNumeric = formatUnits(BigInt(coinLamports), SOL_DECIMALS)
  return [
    {
      ...SOL,
      chainId,
      ...valued(`${chainId}:native`, coinNumeric),
      quantity: { decimals: String(SOL_DECIMALS), numeric: coinNumeric },
      iconUrl: icon(SOL.symbol),
    },
    ...holdings.map((holding, index): TokenBalance => {
      const id = `${chainId}:${holding.mint}`
      const numeric = formatUnits(holding.amount, holding.decimals)
      const data = metadata[index]?.data
      const named = data ? readMetadata(data[0]) : undefined
      return {
        name: named?.name ?? holding.mint,
        symbol: named?.symbol ?? holding.mint.slice(0, 4),
        chainId,
        address: id,
        ...valued(id, numeric),
        quantity: { decimals: String(holding.decimals), numeric },
        iconUrl: icon(id),
      }
    }),
  ]
}
