import { LOCAL_SOLANA_CHAIN_ID } from '@allaccess/solana-chain/constants'
import { UpstreamError, type Upstreams } from '../gateway/index.js'
import { ChainRpc, RpcCallError } from '../indexer/index.js'

/** `solana:<ref>`: the CAIP-2 form of a Solana network (the reference is 32 base58 characters). */
export const SOLANA_CHAIN_ID = /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/
export const isSolanaChainId = (value: string): boolean => value.startsWith('solana:')

/** The Solana networks this cloud has a node for, and calls to them. */
export class SolanaNetworks {
  constructor(private readonly upstreams: Upstreams<string>) {}

  chains(): string[] {
    return this.upstreams.chains()
  }

  has(chainId: string): boolean {
    return SOLANA_CHAIN_ID.test(chainId) && this.upstreams.has(chainId)
  }

  /** The local chain (packages/solana-chain) answers the development-only methods. */
  isLocal(chainId: string): boolean {
    return chainId === LOCAL_SOLANA_CHAIN_ID
  }

  /** A JSON-RPC body to the network's node, its answer as text; UpstreamError when the node fails. */
  post(chainId: string, body: string): Promise<string> {
    return this.upstreams.post(chainId, body)
  }

  /** One call's result; RpcCallError when the node refuses it, UpstreamError when it fails. */
  rpc(chainId: string): ChainRpc<string> {
    return new ChainRpc(this.upstreams, chainId)
  }

  close(): Promise<void> {
    return this.upstreams.close()
  }
}

export { RpcCallError, UpstreamError }
