import { checkRpcUrl } from '../params'
import { createSolanaHandler, type SolanaApproval } from './handler'
import type { SolanaAccount } from './keys'
import { solanaNetwork } from './networks'

/**
 * rpcRequest on the solana namespace (docs/embedded-wallet.md#solana): its network by the reference it names, the
 * cloud's gateway for it as its RPC. A host's rpcUrl, if given, must be the cloud's (as for EVM); the frame builds
 * the gateway's address itself.
 */
export function createSolanaRequests({
  account,
  approve,
  refused,
  cloudUrl,
  projectId,
}: {
  account(): Promise<SolanaAccount>
  approve(request: SolanaApproval): Promise<boolean>
  refused(method: string): void
  cloudUrl: string
  projectId: string
}) {
  const handle = createSolanaHandler({ account, approve, refused })
  return (request: { method: string; params?: unknown; chainId: number | string }, rpcUrl?: string) => {
    if (rpcUrl !== undefined) checkRpcUrl(rpcUrl, cloudUrl)
    return handle(request, solanaNetwork(request.chainId, { cloudUrl, projectId }))
  }
}
