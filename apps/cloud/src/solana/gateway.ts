import { SOLANA_GATEWAY_METHODS, SOLANA_LOCAL_ONLY_METHODS } from '@allaccess/protocol'
import type { SolanaNetworks } from './networks.js'

/**
 * The gateway's view of a Solana network (apps/cloud/README.md#routes): its own allowlist (reads, simulation and
 * sendTransaction; requestAirdrop on the local chain alone) and its node.
 */
export function solanaGatewayChain(networks: SolanaNetworks, chainId: string) {
  const local = networks.isLocal(chainId)
  return {
    caip: chainId,
    allows: (method: string) =>
      SOLANA_GATEWAY_METHODS.has(method) || (local && SOLANA_LOCAL_ONLY_METHODS.has(method)),
    localAnswers: new Map<string, unknown>(),
    post: (body: string) => networks.post(chainId, body),
  }
}
