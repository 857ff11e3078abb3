import {
  type Address,
  BaseError,
  createPublicClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
} from 'viem'
import type { UserOperation } from 'viem/account-abstraction'
import type { ChainNetwork as Network } from './config'
import { delegationCode, SIMPLE_7702_ACCOUNT } from './config'

// What an operation is, shared by the frame's first load (userOperations.ts) and the chunk that builds and sends
// operations (bundlerOperations.ts).

export type { OperationReceipt } from './receipt'

/** One call of an operation, as the account's executeBatch makes it. */
export type OperationCall = { to: Address; value: bigint; data?: Hex }

/** An operation ready to be signed: exactly what the user approves and what is then sent. */
export type PreparedOperation = {
  userOperation: UserOperation<'0.8'>
  /** The most its gas can cost: every gas limit at maxFeePerGas. */
  fee: bigint
  /** Its gas is the project's paymaster's (ERC-7677), not the account's. */
  sponsored: boolean
  /** Set when the operation also delegates the address (its EIP-7702 authorization, signed once approved). */
  delegation?: Address
}

/** EIP-1474's "transaction rejected": the cloud's paymaster refusing an operation, naming its policy's rule. */
const SPONSORSHIP_REFUSED = -32003

/** The paymaster's refusal in its own words, if that is what `error` is. */
export function sponsorshipRefusal(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined
  const refused = error.walk((cause) => (cause as { code?: unknown }).code === SPONSORSHIP_REFUSED)
  return refused ? (refused as BaseError).details || refused.message : undefined
}

export function chainClient({ chainId, rpcUrl }: Network, fetchFn: typeof fetch): PublicClient {
  const chain = defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  return createPublicClient({ chain, transport: http(rpcUrl, { fetchFn, retryCount: 0 }) })
}

/** Whether the address's code is the delegation to Simple7702Account (EIP-7702). */
export async function delegated(client: PublicClient, address: Address) {
  const code = await client.getCode({ address })
  return code?.toLowerCase() === delegationCode(SIMPLE_7702_ACCOUNT)
}
