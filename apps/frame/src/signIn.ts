import { type Address, type Hex, stringToHex } from 'viem'
import type { Network } from './rpcHandler'

/** The frame's RPC path: a personal_sign there is shown to the user whole and signed only once approved. */
export type HandleRpc = (
  request: { method: string; params?: unknown; chainId: number },
  network?: Network,
) => Promise<unknown>

export type SignInReply = { siwxMessage?: string; message?: Hex; signature?: Hex }

/**
 * A request's siwxMessage (getUser, connectSocial): the custody rule holds — nothing is signed without the user's
 * approval in the frame's own screen. The text goes through the RPC handler's personal_sign approval on the
 * request's network, shown whole; a refusal is its usual 4001. The reply then carries the sign-in.
 */
export async function signIn(
  handleRpc: HandleRpc,
  { siwxMessage, address, network }: { siwxMessage: string | undefined; address: Address; network: Network },
): Promise<SignInReply> {
  if (siwxMessage === undefined) return {}
  const message = stringToHex(siwxMessage)
  const signature = (await handleRpc(
    { method: 'personal_sign', params: [message, address], chainId: network.chainId },
    network,
  )) as Hex
  return { siwxMessage, message, signature }
}
