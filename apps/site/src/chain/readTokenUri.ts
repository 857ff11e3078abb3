import { type Address, type Client, decodeFunctionResult, encodeFunctionData, type Hex } from 'viem'
import { passAbi } from './abis'

/** `tokenURI(id)` as a raw eth_call (see readPassStats for why not viem's readContract). */
export async function readTokenUri(
  client: Pick<Client, 'request'>,
  pass: Address,
  tokenId: bigint,
): Promise<string> {
  const data = encodeFunctionData({ abi: passAbi, functionName: 'tokenURI', args: [tokenId] })
  const raw = await client.request({ method: 'eth_call', params: [{ to: pass, data }, 'latest'] })
  return decodeFunctionResult({ abi: passAbi, functionName: 'tokenURI', data: raw as Hex })
}
