import { createPublicKey, verify } from 'node:crypto'
import { addresses, chainId as passChainId } from '@allaccess/chain/deployments'
import { getBase58Encoder } from '@solana/kit'
import { type Address, createPublicClient, custom, erc721Abi, type Hex } from 'viem'
import { UpstreamUnavailableError } from '../account/index.js'
import { UpstreamError, type Upstreams } from '../gateway/index.js'
import { ChainRpc } from '../indexer/index.js'
import type { SolanaNetworks } from '../solana/networks.js'

/** An ed25519 public key's SPKI (DER) prefix: node:crypto takes a raw 32-byte key in this wrapper. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/**
 * What sign-in asks of chains, through the cloud's own upstreams (never the page): whether a signature is an
 * account's (EOA, ERC-1271 contract, ERC-6492 counterfactual account) and how many passes an account holds.
 */
export class SiwxChains {
  constructor(
    private readonly upstreams: Upstreams,
    private readonly solana?: SolanaNetworks,
  ) {}

  serves(chainId: number): boolean {
    return this.upstreams.has(chainId)
  }

  /** Whether the cloud has a node of this Solana network (`solana:<ref>`). */
  servesSolana(chainId: string): boolean {
    return this.solana?.has(chainId) ?? false
  }

  /**
   * Whether `signature` (base58, 64 bytes) is the ed25519 signature of `message` (its UTF-8 bytes, as
   * `solana:signMessage` signs them) by the Solana account `address` (its base58 public key). Needs no node.
   */
  verifySolana(address: string, message: string, signature: string): boolean {
    try {
      const key = Buffer.from(getBase58Encoder().encode(address))
      const bytes = Buffer.from(getBase58Encoder().encode(signature))
      if (key.length !== 32 || bytes.length !== 64) return false
      const publicKey = createPublicKey({
        key: Buffer.concat([ED25519_SPKI_PREFIX, key]),
        format: 'der',
        type: 'spki',
      })
      return verify(null, Buffer.from(message, 'utf8'), publicKey, bytes)
    } catch {
      // Not base58, or not a key: no account signed it.
      return false
    }
  }

  /**
   * Whether `signature` signs `message` (EIP-191) for `address` on `chainId`. UpstreamUnavailableError when the
   * answer needed the node and the node failed: a smart account's signature must not read as wrong then.
   */
  async verify(chainId: number, address: Address, message: string, signature: Hex): Promise<boolean> {
    const { client, failure } = this.client(chainId)
    const valid = await client.verifyMessage({ address, message, signature }).catch(() => false)
    const failed = failure()
    if (!valid && failed) throw new UpstreamUnavailableError(`eip155:${chainId}`, failed.message)
    return valid
  }

  /** The account's All-Access Pass balance, read on the pass's chain (packages/chain's deployment). */
  async passesOf(address: Address): Promise<number> {
    const { client } = this.client(passChainId)
    try {
      const balance = await client.readContract({
        address: addresses.allAccessPass,
        abi: erc721Abi,
        functionName: 'balanceOf',
        args: [address],
      })
      return Number(balance)
    } catch (error) {
      const reason = error instanceof Error ? (error.message.split('\n')[0] ?? error.name) : String(error)
      throw new UpstreamUnavailableError(`eip155:${passChainId}`, reason)
    }
  }

  /** A viem client of one chain over its upstream; `failure()` is the upstream's own failure, if one happened. */
  private client(chainId: number) {
    const rpc = new ChainRpc(this.upstreams, chainId)
    let failed: UpstreamError | undefined
    const client = createPublicClient({
      transport: custom(
        {
          request: ({ method, params }) =>
            rpc.call(method, (params as readonly unknown[] | undefined) ?? []).catch((error: unknown) => {
              if (error instanceof UpstreamError) failed = error
              throw error
            }),
        },
        // A reverting call (a wrong smart-account signature) is an answer, not a reason to ask again.
        { retryCount: 0 },
      ),
    })
    return { client, failure: () => failed }
  }
}
