// Long because quoting, routing and the approve/swap transaction builders share one pool reader; to split by
// concern (quote, build) next.
import { uniswapV2Router02Abi } from '@allaccess/chain/deployments'
import { MULTICALL3_ADDRESS } from '@allaccess/chain/devnet'
import {
  CONVERT_TEXTS,
  type ConvertBuild,
  type ConvertBuildRequest,
  type ConvertGasPrice,
  type ConvertQuote,
  type ConvertQuoteQuery,
  type ConvertToken,
  type ConvertTransaction,
  FUNGIBLE_ID,
  type FungiblePrice,
  minimumReceived,
  NATIVE_TOKEN_REFERENCE,
  SWAP_DEADLINE_MAX_SECONDS,
  SWAP_DEADLINE_SECONDS,
  SWAP_QUOTE_TTL_SECONDS,
  SWAP_SLIPPAGE_DEFAULT,
  SWAP_SUPPORTED_CHAIN_IDS,
} from '@allaccess/protocol'
import {
  type Address,
  BaseError,
  createPublicClient,
  custom,
  encodeFunctionData,
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
import { UpstreamError, type Upstreams } from '../gateway/index.js'
import { BadRequestError } from '../http/errors.js'
import { ChainRpc } from '../indexer/index.js'
import type { Exchange } from './config.js'
import { best, candidatePaths, pricePath, type Reserves } from './routes-math.js'

/** Gas a router swap takes, by the number of pools it passes (measured on the devnet, rounded up). */
const SWAP_GAS_BY_HOPS = [0n, 130_000n, 190_000n]
/** The gas-price tiers over the node's own price, in percent. */
const GAS_TIERS = { standard: 100n, fast: 125n, instant: 150n }
const pairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)'])

type Side = { id: string; native: boolean; address: Address }

/**
 * Swaps on a chain's Uniswap V2 (apps/cloud/README.md#swaps): tokens, quotes from the pools' reserves along the best
 * path (direct or through one of the offered tokens), allowances, gas prices and the transactions to send, all read
 * through the cloud's upstreams. Chains are the swap chains of docs/behaviour.md#swaps and those with an exchange
 * configured.
 */
export class ConvertService {
  private readonly metadata = new Map<string, Promise<ConvertToken>>()

  constructor(
    private readonly upstreams: Upstreams,
    private readonly exchanges: ReadonlyMap<number, Exchange>,
    /** The token image the cloud serves for a fungible id (the coin's: for its symbol). */
    private readonly iconUrl: (idOrSymbol: string) => string,
  ) {}

  supports(chainId: number): boolean {
    return (SWAP_SUPPORTED_CHAIN_IDS as readonly number[]).includes(chainId) || this.exchanges.has(chainId)
  }

  async tokens(chainId: number): Promise<ConvertToken[]> {
    const exchange = this.exchangeOf(chainId)
    if (!exchange) return []
    return Promise.all(this.offered(chainId, exchange).map((side) => this.token(chainId, side)))
  }

  async quote(query: ConvertQuoteQuery): Promise<ConvertQuote> {
    const { chainId, exchange, from, to } = this.pair(query.from, query.to)
    const amountIn = this.amountOf(query.amount)
    const priced = await this.route(chainId, exchange, from, to, amountIn)
    const gasPrice = query.gasPrice ? BigInt(query.gasPrice) : await this.nodeGasPrice(chainId)
    const toAmount = priced.amounts.at(-1) as bigint
    return {
      id: `${chainId}-${priced.path.join('-')}-${amountIn}-${toAmount}`,
      fromAmount: amountIn.toString(),
      toAmount: toAmount.toString(),
      route: priced.path.map((a) => getAddress(a)),
      priceImpact: priced.priceImpact,
      fee: priced.fee.toString(),
      feePercent: priced.feePercent,
      gasFee: ((SWAP_GAS_BY_HOPS[priced.path.length - 1] ?? 0n) * gasPrice).toString(),
      expiresAt: Math.floor(Date.now() / 1000) + SWAP_QUOTE_TTL_SECONDS,
    }
  }

  async allowance(tokenId: string, owner: Address): Promise<bigint> {
    const { chainId, exchange, side } = this.one(tokenId)
    if (side.native) return maxUint256
    return this.call(chainId, () =>
      this.client(chainId).readContract({
        address: side.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, exchange.router],
      }),
    )
  }

  async gasPrice(chainId: number): Promise<ConvertGasPrice> {
    if (!this.supports(chainId) || !this.upstreams.has(chainId))
      throw new BadRequestError(CONVERT_TEXTS.gasPriceUnsupported)
    const price = await this.nodeGasPrice(chainId)
    const tier = (percent: bigint) => ((price * percent) / 100n).toString()
    return {
      standard: tier(GAS_TIERS.standard),
      fast: tier(GAS_TIERS.fast),
      instant: tier(GAS_TIERS.instant),
    }
  }

  /** The approval of what the user asked (`amount`), or unlimited only when asked for by name. */
  async buildApprove(q: {
    userAddress: string
    from: string
    to: string
    amount?: string | undefined
    unlimited?: 'true' | undefined
  }) {
    const { chainId, exchange, from } = this.pair(q.from, q.to)
    if (from.native) throw new BadRequestError(CONVERT_TEXTS.notErc20)
    if (q.amount === undefined && q.unlimited === undefined)
      throw new BadRequestError(CONVERT_TEXTS.approveAmount)
    const tx: ConvertTransaction = {
      from: getAddress(q.userAddress),
      to: from.address,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [exchange.router, q.amount === undefined ? maxUint256 : this.amountOf(q.amount)],
      }),
      value: '0',
      eip155: { gasPrice: (await this.nodeGasPrice(chainId)).toString() },
    }
    return { tx }
  }

  async buildTransaction(request: ConvertBuildRequest): Promise<ConvertBuild> {
    const { chainId, exchange, from, to } = this.pair(request.from, request.to)
    const amountIn = this.amountOf(request.amount)
    const user = getAddress(request.userAddress)
    const client = this.client(chainId)
    const [priced, block, gasPrice] = await Promise.all([
      this.route(chainId, exchange, from, to, amountIn),
      this.call(chainId, () => client.getBlock()),
      this.nodeGasPrice(chainId),
    ])
    const amountOut = priced.amounts.at(-1) as bigint
    const least = minimumReceived(amountOut, request.eip155?.slippage ?? SWAP_SLIPPAGE_DEFAULT)
    // The chain's clock, not ours: a devnet may run ahead of the wall clock.
    const deadline = BigInt(request.eip155?.deadline ?? Number(block.timestamp) + SWAP_DEADLINE_SECONDS)
    if (deadline <= block.timestamp || deadline > block.timestamp + BigInt(SWAP_DEADLINE_MAX_SECONDS))
      throw new BadRequestError(CONVERT_TEXTS.deadline)
    const path = priced.path as Address[]
    const data = from.native
      ? encodeFunctionData({
          abi: uniswapV2Router02Abi,
          functionName: 'swapExactETHForTokens',
          args: [least, path, user, deadline],
        })
      : encodeFunctionData({
          abi: uniswapV2Router02Abi,
          functionName: to.native ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
          args: [amountIn, least, path, user, deadline],
        })
    const value = from.native ? amountIn : 0n
    let gas: bigint | undefined
    if (!request.disableEstimate) {
      gas = await client
        .estimateGas({ account: user, to: exchange.router, data, value })
        .catch((error: unknown) => {
          if (error instanceof BaseError && error.walk((e) => e instanceof UpstreamError))
            throw new UpstreamUnavailableError(`eip155:${chainId}`, error.message)
          throw new BadRequestError(CONVERT_TEXTS.wouldFail)
        })
    }
    return {
      tx: {
        from: user,
        to: exchange.router,
        data,
        value: value.toString(),
        eip155: { ...(gas === undefined ? {} : { gas: gas.toString() }), gasPrice: gasPrice.toString() },
        amountOut: amountOut.toString(),
        minimumReceived: least.toString(),
      },
    }
  }

  /**
   * USD prices of the fungibles among `ids` on chains with an exchange: one whole token's worth in the `usd`
   * stablecoin at the pools' mid rate (1 for the stablecoin itself).
   */
  async prices(ids: readonly string[]): Promise<Map<string, FungiblePrice>> {
    const found = new Map<string, FungiblePrice>()
    // A price the pools cannot give (no route, the node down) is left to the prices file.
    await Promise.allSettled(
      ids.map(async (id) => {
        const parsed = this.parse(id)
        if (!parsed) return
        const { chainId, exchange, side } = parsed
        const usd: Side = { id: '', native: false, address: exchange.usd }
        const [token, usdToken] = await Promise.all([
          this.token(chainId, side),
          this.token(chainId, { ...usd, id: `eip155:${chainId}:${exchange.usd}` }),
        ])
        const priced = (price: number) =>
          found.set(id, {
            address: id,
            name: token.name,
            symbol: token.symbol,
            iconUrl: token.logoUri,
            price,
          })
        if (side.address === exchange.usd && !side.native) return void priced(1)
        // A small trade, so the rate is the mid rate less the fee; the fee is put back.
        const probe = 10n ** BigInt(Math.max(0, token.decimals - 3))
        const trade = await this.route(chainId, exchange, side, usd, probe)
        const out = Number(trade.amounts.at(-1)) / 10 ** usdToken.decimals
        const perToken = (out / Number(probe)) * 10 ** token.decimals
        // A price, not a trade: to 8 places, past which the probe's rounding is all there is.
        priced(Number((perToken / (1 - trade.feePercent / 100 - trade.priceImpact / 100)).toFixed(8)))
      }),
    )
    return found
  }

  private exchangeOf(chainId: number): Exchange | undefined {
    if (!this.supports(chainId)) throw new BadRequestError(CONVERT_TEXTS.swapsUnsupported)
    return this.upstreams.has(chainId) ? this.exchanges.get(chainId) : undefined
  }

  private offered(chainId: number, exchange: Exchange): Side[] {
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
  private parse(id: string) {
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

  private one(id: string) {
    const chainId = Number(/^eip155:(\d+):/.exec(id)?.[1])
    if (!this.supports(chainId)) throw new BadRequestError(CONVERT_TEXTS.swapsUnsupported)
    const parsed = this.parse(id)
    if (!parsed) throw new BadRequestError(CONVERT_TEXTS.unknownToken(id))
    return parsed
  }

  private pair(fromId: string, toId: string) {
    const from = this.one(fromId)
    const to = this.one(toId)
    if (from.chainId !== to.chainId) throw new BadRequestError(CONVERT_TEXTS.differentChains)
    if (from.side.address === to.side.address) throw new BadRequestError(CONVERT_TEXTS.sameToken)
    return { chainId: from.chainId, exchange: from.exchange, from: from.side, to: to.side }
  }

  private amountOf(text: string): bigint {
    const amount = BigInt(text)
    if (amount <= 0n || amount > maxUint256) throw new BadRequestError(CONVERT_TEXTS.amount)
    return amount
  }

  /** The best path's pricing, reading the reserves of every pool it could pass in one multicall. */
  private async route(chainId: number, exchange: Exchange, from: Side, to: Side, amountIn: bigint) {
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
  private pool(exchange: Exchange, a: Address, b: Address): Address {
    const [token0, token1] = BigInt(a) < BigInt(b) ? [a, b] : [b, a]
    return getContractAddress({
      opcode: 'CREATE2',
      from: exchange.factory,
      salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
      bytecodeHash: exchange.initCodeHash,
    })
  }

  private async token(chainId: number, side: Side): Promise<ConvertToken> {
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

  private nodeGasPrice(chainId: number): Promise<bigint> {
    return this.call(chainId, () => this.client(chainId).getGasPrice())
  }

  private client(chainId: number): PublicClient {
    const rpc = new ChainRpc(this.upstreams, chainId)
    return createPublicClient({
      transport: custom({ request: ({ method, params }) => rpc.call(method, params ?? []) }),
    })
  }

  /** A read whose failure is the node's: 503, the client retries. */
  private async call<T>(chainId: number, read: () => Promise<T>): Promise<T> {
    try {
      return await read()
    } catch (error) {
      throw new UpstreamUnavailableError(`eip155:${chainId}`, (error as Error).message)
    }
  }
}
