import { type Address, type Client, decodeFunctionResult, encodeFunctionData, type Hex } from 'viem'
import { multicall3Abi, passAbi } from './abis'

export type PassStats = {
  price: bigint
  maxSupply: bigint
  totalMinted: bigint
  walletLimit: bigint
  /** Passes the account has minted; 0 without an account. */
  mintedBy: bigint
}

const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000'
const STAT_FUNCTIONS = ['price', 'maxSupply', 'totalMinted', 'walletLimit'] as const

/**
 * The page's numbers in ONE multicall (`aggregate3` at the chain's Multicall3). Encoded by hand with viem's
 * ABI codec and sent as a raw eth_call: viem's readContract/multicall actions bring their whole error and
 * off-chain-lookup stack, which would double the page's first-load JavaScript.
 */
export async function readPassStats(
  client: Pick<Client, 'request'>,
  { pass, multicall, account }: { pass: Address; multicall: Address; account?: Address | undefined },
): Promise<PassStats> {
  const calls = [
    ...STAT_FUNCTIONS.map((functionName) => encodeFunctionData({ abi: passAbi, functionName })),
    encodeFunctionData({ abi: passAbi, functionName: 'mintedBy', args: [account ?? ZERO_ADDRESS] }),
  ].map((callData) => ({ target: pass, allowFailure: false, callData }))
  const data = encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] })
  const raw = await client.request({ method: 'eth_call', params: [{ to: multicall, data }, 'latest'] })
  const results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: raw as Hex })
  const [price, maxSupply, totalMinted, walletLimit, mintedBy] = results.map(({ returnData }) =>
    BigInt(returnData === '0x' ? 0 : returnData),
  )
  if (results.length !== 5 || price === undefined || maxSupply === undefined || mintedBy === undefined) {
    throw new Error('Multicall results mismatch')
  }
  return { price, maxSupply, totalMinted: totalMinted ?? 0n, walletLimit: walletLimit ?? 0n, mintedBy }
}
