import { idRegistryAbi } from '@allaccess/chain/deployments'
import { type Address, decodeFunctionResult, encodeFunctionData, getAddress, type Hex } from 'viem'
import { UpstreamUnavailableError } from '../account/index.js'
import { UpstreamError, type Upstreams } from '../gateway/index.js'
import { ChainRpc, RpcCallError } from '../indexer/index.js'

/** Where Farcaster's ID registry is: the devnet's by default, OP Mainnet's in production (FARCASTER_ID_REGISTRY). */
export type IdRegistryLocation = { chainId: number; address: Address }

/** Reads Farcaster's ID registry (the real one's `custodyOf`) through the cloud's own upstreams. */
export class IdRegistry {
  private readonly rpc: ChainRpc

  constructor(
    upstreams: Upstreams,
    readonly location: IdRegistryLocation,
  ) {
    this.rpc = new ChainRpc(upstreams, location.chainId)
  }

  /** The fid's custody address (the zero address for an fid nobody holds); 503 when the node or registry fails. */
  async custodyOf(fid: number): Promise<Address> {
    const data = encodeFunctionData({ abi: idRegistryAbi, functionName: 'custodyOf', args: [BigInt(fid)] })
    try {
      const answer = await this.rpc.call<Hex>('eth_call', [{ to: this.location.address, data }, 'latest'])
      return getAddress(decodeFunctionResult({ abi: idRegistryAbi, functionName: 'custodyOf', data: answer }))
    } catch (error) {
      // A node that is down, or an address without the registry (an empty answer): no verdict on the signer.
      const reason =
        error instanceof UpstreamError || error instanceof RpcCallError
          ? error.message
          : `no ID registry at ${this.location.address}`
      throw new UpstreamUnavailableError(`eip155:${this.location.chainId}`, reason)
    }
  }
}
