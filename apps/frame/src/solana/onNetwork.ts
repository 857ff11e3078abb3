import type { NetworkRpc } from '../networkRpc'
import type { DecodedTransaction } from './decode'
import type { SolanaNetwork } from './networks'

/**
 * What the screen may say of the network a transaction is for (docs/embedded-wallet.md#solana). The request's
 * network is only the site's claim, so a sign-only transaction's recent blockhash is checked there.
 * - `sent`: signAndSend sends it on that network itself.
 * - `blockhashKnown`: its blockhash is valid on that network.
 * - `blockhashUnknown`: it is not (another network's, or expired), or the network's RPC did not answer.
 * - `anyNetwork`: a durable nonce's; no blockhash ties it to a network.
 */
export type OnNetwork = 'sent' | 'blockhashKnown' | 'blockhashUnknown' | 'anyNetwork'

/**
 * A sign-only transaction's network, checked with isBlockhashValid through the network's RPC (at `processed`, the
 * widest: a blockhash the site just fetched is there too). Any failure reads as not known, never as known.
 */
export async function checkOnNetwork(
  call: NetworkRpc,
  network: SolanaNetwork,
  { recentBlockhash }: DecodedTransaction,
): Promise<OnNetwork> {
  if (recentBlockhash === undefined) return 'anyNetwork'
  try {
    const answer = await call(network, 'isBlockhashValid', [recentBlockhash, { commitment: 'processed' }])
    return (answer as { value?: unknown } | null)?.value === true ? 'blockhashKnown' : 'blockhashUnknown'
  } catch {
    return 'blockhashUnknown'
  }
}
