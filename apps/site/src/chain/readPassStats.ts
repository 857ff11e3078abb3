import type { Address, Client, Hex } from 'viem'
import { callData, decodeAggregate3, encodeAggregate3, SELECTORS } from './calldata'

export type PassStats = {
  price: bigint
  maxSupply: bigint
  totalMinted: bigint
  walletLimit: bigint
  /** Passes the account has minted; 0 without an account. */
  mintedBy: bigint
}

const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000'

/**
 * The page's numbers in ONE multicall (`aggregate3` at the chain's Multicall3), sent as a raw eth_call: viem's
 * readContract/multicall actions bring their whole error and off-chain-lookup stack, which would double the
 * page's first-load JavaScript.
 */
export async function readPassStats(
  client: Pick<Client, 'request'>,
  { pass, multicall, account }: { pass: Address; multicall: Address; account?: Address | undefined },
): Promise<PassStats> {
  const data = encodeAggregate3(pass, [
    callData(SELECTORS.price),
    callData(SELECTORS.maxSupply),
    callData(SELECTORS.totalMinted),
    callData(SELECTORS.walletLimit),
    callData(SELECTORS.mintedBy, account ?? ZERO_ADDRESS),
  ])
  const raw = await client.request({ method: 'eth_call', params: [{ to: multicall, data }, 'latest'] })
  const results = decodeAggregate3(raw as Hex)
  const [price, maxSupply, totalMinted, walletLimit, mintedBy] = results.map((returnData) =>
    BigInt(returnData === '0x' ? 0 : returnData),
  )
  if (results.length !== 5 || price === undefined || maxSupply === undefined || mintedBy === undefined) {
    throw new Error('Multicall results mismatch')
  }
  return { price, maxSupply, totalMinted: totalMinted ?? 0n, walletLimit: walletLimit ?? 0n, mintedBy }
}
