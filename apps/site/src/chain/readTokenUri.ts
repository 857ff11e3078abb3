import type { Address, Client, Hex } from 'viem'
import { callData, decodeString, SELECTORS } from './calldata'

/** `tokenURI(id)` as a raw eth_call (see readPassStats for why not viem's readContract). */
export async function readTokenUri(
  client: Pick<Client, 'request'>,
  pass: Address,
  tokenId: bigint,
): Promise<string> {
  const data = callData(SELECTORS.tokenURI, tokenId)
  const raw = await client.request({ method: 'eth_call', params: [{ to: pass, data }, 'latest'] })
  return decodeString(raw as Hex)
}
