import { MULTICALL3_ADDRESS } from '@allaccess/chain/devnet'
import {
  CONVERT_TEXTS,
  type ConvertToken,
  FUNGIBLE_ID,
  NATIVE_TOKEN_REFERENCE,
  SWAP_SUPPORTED_CHAIN_IDS,
} from '@allaccess/protocol'
import {
  type Address,
  createPublicClient,
  custom,
  encodePacked,
  erc20Abi,
  getAddress,
  getContractAddress,
  keccak256,
  maxUint256,
  type PublicClient,
  parseAbi,
} from 'viem'
import { UpstreamUnavailableError } from '../account/index.js'
import type { Upstreams } from '../gateway/index.js'
import { BadRequestError } from '../http/errors.js'
import { ChainRpc } from '../indexer/index.js'
import type { Exchange } from './config.js'
import { best, candidatePaths, pricePath, type Reserves } from './routes-math.js'

const pairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)'])

/** One side of a swap: the coin (through the exchange's WETH) or an ERC-20. */
export type Side = { id: string; native: boolean; address: Address }

/**
 * What every swap call reads of a chain's exchange: its offered tokens (and their metadata, kept), the sides of a
 * pair, the best path's pricing from the pools' reserves, the node's gas price, and reads whose failure is the
 * node's (503).
 */
export class ExchangePools {
  private readonly metadata = new Map<string, Promise<ConvertToken>>()

  constructor(
    private readonly upstreams: Upstreams,
    private readonly exchanges: ReadonlyMap<number, Exchange>,
    /** The token image the cloud serves for a fungible id (the coin's: for its symbol). */
    private readonly iconUrl: (idOrSymbol: string) => string,
  ) {}

  has(chainId: number): boolean {
    return this.upstreams.has(chainId)
  }

  supports(chainId: number): boolean {
    return (SWAP_SUPPORTED_CHAIN_IDS as readonly number[]).includes(chainId) || this.exchanges.has(chainId)
  }

  exchangeOf(chainId: number): Exchange | undefined {
    if (!this.supports(chainId)) throw new BadRequestError(CONVERT_TEXTS.swapsUnsupported)
    return this.upstreams.has(chainId) ? this.exchanges.get(chainId) : undefined
  }

  offered(chainId: number, exchange: Exchange): Side[] {
    const erc20s = [exchange.usd, ...exchange.tokens].map((address) => ({
      id: `eip155:${chainId}:${getAddress(address)}`,
      native: false,
      address: getAddress(address),
    }))
    return [
      { id: `eip155:${chainId}:${NATIVE_TOKEN_REFERENCE}`, native: true, address: exchange.weth },
      ...erc20s,
    ]
  }

  /** A fungible id on an exchange's chain, as the side of a swap; undefined when it is none. */
  parse(id: string) {
    const [, chain, reference] = /^eip155:(\d+):(.+)$/.exec(id) ?? []
    const chainId = Number(chain)
    if (!FUNGIBLE_ID.test(id) || !reference) return undefined
    const exchange = this.supports(chainId) ? this.exchangeOf(chainId) : undefined
    if (!exchange) return undefined
    const side = this.offered(chainId, exchange).find(
      (s) => s.id.toLowerCase() === id.toLowerCase() || (s.native && reference === NATIVE_TOKEN_REFERENCE),
    )
    return side && { chainId, exchange, side }
  }

  one(id: string) {
    const chainId = Number(/^eip155:(\d+):/.exec(id)?.[1])
    if (!this.supports(chainId)) throw new BadRequestError(CONVERT_TEXTS.swapsUnsupported)
    const parsed = this.parse(id)
    if (!parsed) throw new BadRequestError(CONVERT_TEXTS.unknownToken(id))
    return parsed
  }

  pair(fromId: string, toId: string) {
    const from = this.one(fromId)
    const to = this.one(toId)
    if (from.chainId !== to.chainId) throw new BadRequestError(CONVERT_TEXTS.differentChains)
    if (from.side.address === to.side.address) throw new BadRequestError(CONVERT_TEXTS.sameToken)
    return { chainId: from.chainId, exchange: from.exchange, from: from.side, to: to.side }
  }

  amountOf(text: string): bigint {
    const amount = BigInt(text)
    if (amount <= 0n || amount > maxUint256) throw new BadRequestError(CONVERT_TEXTS.amount)
    return amount
  }

  /** The best path's pricing, reading the reserves of every pool it could pass in one multicall. */
  async route(chainId: number, exchange: Exchange, from: Side, to: Side, amountIn: bigint) {
    const paths = candidatePaths(
      from.address,
      to.address,
      this.offered(chainId, exchange).map((s) => s.address),
    )
    const pools = [
      ...new Set(
        paths.flatMap((path) =>
          path.slice(1).map((b, i) => this.pool(exchange, path[i] as Address, b as Address)),
        ),
      ),
    ]
    const client = this.client(chainId)
    const answers = await this.call(chainId, () =>
      client.multicall({
        contracts: pools.map((address) => ({ address, abi: pairAbi, functionName: 'getReserves' }) as const),
        multicallAddress: MULTICALL3_ADDRESS,
      }),
    )
    const reserves = new Map(
      pools.map((address, i) => {
        const answer = answers[i]
        return [address, answer?.status === 'success' ? answer.result : undefined]
      }),
    )
    const inDirection = (a: Address, b: Address): Reserves | undefined => {
      const r = reserves.get(this.pool(exchange, a, b))
      if (!r) return undefined
      return BigInt(a) < BigInt(b) ? [r[0], r[1]] : [r[1], r[0]]
    }
    const priced = best(
      paths.map((path) =>
        pricePath(
          amountIn,
          path,
          path.slice(1).map((b, i) => inDirection(path[i] as Address, b as Address)),
        ),
      ),
    )
    if (!priced) throw new BadRequestError(CONVERT_TEXTS.noRoute)
    const [reserveIn] = inDirection(priced.path[0] as Address, priced.path[1] as Address) ?? [0n]
    // The pools would give almost nothing back: the amount is beyond what they hold.
    if (amountIn > reserveIn) throw new BadRequestError(CONVERT_TEXTS.tooLarge)
    return priced
  }

  /** The pair's address, as the factory made it (CREATE2) and the router computes it. */
  pool(exchange: Exchange, a: Address, b: Address): Address {
    const [token0, token1] = BigInt(a) < BigInt(b) ? [a, b] : [b, a]
    return getContractAddress({
      opcode: 'CREATE2',
      from: exchange.factory,
      salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
      bytecodeHash: exchange.initCodeHash,
    })
  }

  async token(chainId: number, side: Side): Promise<ConvertToken> {
    if (side.native)
      return { address: side.id, name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: this.iconUrl('ETH') }
    const key = `${chainId}:${side.address}`
    let known = this.metadata.get(key)
    if (!known) {
      const client = this.client(chainId)
      const read = <F extends 'name' | 'symbol' | 'decimals'>(functionName: F) =>
        client.readContract({ address: side.address, abi: erc20Abi, functionName })
      known = this.call(chainId, async () => {
        const [name, symbol, decimals] = await Promise.all([read('name'), read('symbol'), read('decimals')])
        const id = `eip155:${chainId}:${side.address}`
        return { address: id, name, symbol, decimals, logoUri: this.iconUrl(id) }
      })
      this.metadata.set(key, known)
      known.catch(() => this.metadata.delete(key))
    }
    return known
  }

  nodeGasPrice(chainId: number): Promise<bigint> {
    return this.call(chainId, () => this.client(chainId).getGasPrice())
  }

  client(chainId: number): PublicClient {
    const rpc = new ChainRpc(this.upstreams, chainId)
    return createPublicClient({
      transport: custom({ request: ({ method, params }) => rpc.call(method, params ?? []) }),
    })
  }

  /** A read whose failure is the node's: 503, the client retries. */
  async call<T>(chainId: number, read: () => Promise<T>): Promise<T> {
    try {
      return await read()
    } catch (error) {
      throw new UpstreamUnavailableError(`eip155:${chainId}`, (error as Error).message)
    }
  }
}
