import { idRegistryAbi } from '@allaccess/chain/deployments'
import { type Address, decodeFunctionResult, encodeFunctionData, getAddress, type Hex } from 'viem'
import { UpstreamUnavailableError } from '../account/index.js'
import { UpstreamError, type Upstreams } from '../gateway/index.js'
import { ChainRpc, RpcCallError } from '../indexer/index.js'

/** Where Farcaster's ID registry is: the devnet's by default, OP Mainnet's in production (FARCASTER_ID_REGISTRY). */
export type IdRegistryLocation = { chainId: number; address: Address }

/**
 * Reads Farcaster's ID registry through the cloud's own upstreams: the real one's `custodyOf`, and the devnet's
 * `usernameOf` (Farcaster keeps usernames in its fname registry, off chain; the devnet keeps them here).
 */
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
      throw this.unavailable(error)
    }
  }

  /**
   * The username the registry holds for the fid; null when it holds none, or when the registry keeps no usernames
   * (Farcaster's own answers `usernameOf` with a revert or nothing). 503 when the node fails.
   */
  async usernameOf(fid: number): Promise<string | null> {
    const data = encodeFunctionData({ abi: idRegistryAbi, functionName: 'usernameOf', args: [BigInt(fid)] })
    let answer: Hex
    try {
      answer = await this.rpc.call<Hex>('eth_call', [{ to: this.location.address, data }, 'latest'])
    } catch (error) {
      if (error instanceof RpcCallError) return null
      throw this.unavailable(error)
    }
    try {
      const username = decodeFunctionResult({ abi: idRegistryAbi, functionName: 'usernameOf', data: answer })
      return username === '' ? null : username
    } catch {
      return null
    }
  }

  /** A node that is down, or an address without the registry (an empty answer): no verdict on the signer. */
  private unavailable(error: unknown): UpstreamUnavailableError {
    const reason =
      error instanceof UpstreamError || error instanceof RpcCallError
        ? error.message
        : `no ID registry at ${this.location.address}`
    return new UpstreamUnavailableError(`eip155:${this.location.chainId}`, reason)
  }
}
