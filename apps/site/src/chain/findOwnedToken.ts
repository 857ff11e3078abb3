import { type Address, type Client, type Hex, hexToBigInt, pad } from 'viem'

/** keccak256("Transfer(address,address,uint256)"), the ERC-721 Transfer event's topic. */
const TRANSFER_TOPIC: Hex = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/**
 * The newest pass transferred to `owner`, from the Transfer logs (tokenId is the third indexed topic).
 * Scans from `fromBlock`: the genesis on a devnet; set the deployment block on a public network.
 */
export async function findOwnedToken(
  client: Pick<Client, 'request'>,
  { pass, owner, fromBlock = 0n }: { pass: Address; owner: Address; fromBlock?: bigint },
): Promise<bigint | undefined> {
  const logs = (await client.request({
    method: 'eth_getLogs',
    params: [
      {
        address: pass,
        topics: [TRANSFER_TOPIC, null, pad(owner.toLowerCase() as Hex)],
        fromBlock: `0x${fromBlock.toString(16)}`,
        toBlock: 'latest',
      },
    ],
  })) as { topics: Hex[] }[]
  const tokenTopic = logs.at(-1)?.topics[3]
  return tokenTopic ? hexToBigInt(tokenTopic) : undefined
}
