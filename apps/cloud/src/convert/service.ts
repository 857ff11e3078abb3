import { uniswapV2Router02Abi } from '@allaccess/chain/deployments'
import {
  CONVERT_TEXTS,
  type ConvertBuild,
  type ConvertBuildRequest,
  type ConvertGasPrice,
  type ConvertQuote,
  type ConvertQuoteQuery,
  type ConvertToken,
  type ConvertTransaction,
  type FungiblePrice,
  minimumReceived,
  SWAP_DEADLINE_MAX_SECONDS,
  SWAP_DEADLINE_SECONDS,
  SWAP_QUOTE_TTL_SECONDS,
  SWAP_SLIPPAGE_DEFAULT,
} from '@allaccess/protocol'
import { type Address, BaseError, encodeFunctionData, erc20Abi, getAddress, maxUint256 } from 'viem'
import { UpstreamUnavailableError } from '../account/index.js'
import { UpstreamError, type Upstreams } from '../gateway/index.js'
import { BadRequestError } from '../http/errors.js'
import type { Exchange } from './config.js'
import { ExchangePools, type Side } from './pools.js'

/** Gas a router swap takes, by the number of pools it passes (measured on the devnet, rounded up). */
const SWAP_GAS_BY_HOPS = [0n, 130_000n, 190_000n]
/** The gas-price tiers over the node's own price, in percent. */
const GAS_TIERS = { standard: 100n, fast: 125n, instant: 150n }

/**
 * Swaps on a chain's Uniswap V2 (apps/cloud/README.md#swaps): tokens, quotes from the pools' reserves along the best
 * path (direct or through one of the offered tokens), allowances, gas prices and the transactions to send, all read
 * through the cloud's upstreams. Chains are the swap chains of docs/behaviour.md#swaps and those with an exchange
 * configured.
 */
export class ConvertService {
  private readonly pools: ExchangePools

  constructor(
    upstreams: Upstreams,
    exchanges: ReadonlyMap<number, Exchange>,
    iconUrl: (idOrSymbol: string) => string,
  ) {
    this.pools = new ExchangePools(upstreams, exchanges, iconUrl)
  }

  supports(chainId: number): boolean {
    return this.pools.supports(chainId)
  }

  async tokens(chainId: number): Promise<ConvertToken[]> {
    const exchange = this.pools.exchangeOf(chainId)
    if (!exchange) return []
    return Promise.all(this.pools.offered(chainId, exchange).map((side) => this.pools.token(chainId, side)))
  }

  async quote(query: ConvertQuoteQuery): Promise<ConvertQuote> {
    const { chainId, exchange, from, to } = this.pools.pair(query.from, query.to)
    const amountIn = this.pools.amountOf(query.amount)
    const priced = await this.pools.route(chainId, exchange, from, to, amountIn)
    const gasPrice = query.gasPrice ? BigInt(query.gasPrice) : await this.pools.nodeGasPrice(chainId)
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
    const { chainId, exchange, side } = this.pools.one(tokenId)
    if (side.native) return maxUint256
    return this.pools.call(chainId, () =>
      this.pools.client(chainId).readContract({
        address: side.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, exchange.router],
      }),
    )
  }

  async gasPrice(chainId: number): Promise<ConvertGasPrice> {
    if (!this.pools.supports(chainId) || !this.pools.has(chainId))
      throw new BadRequestError(CONVERT_TEXTS.gasPriceUnsupported)
    const price = await this.pools.nodeGasPrice(chainId)
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
    const { chainId, exchange, from } = this.pools.pair(q.from, q.to)
    if (from.native) throw new BadRequestError(CONVERT_TEXTS.notErc20)
    if (q.amount === undefined && q.unlimited === undefined)
      throw new BadRequestError(CONVERT_TEXTS.approveAmount)
    const tx: ConvertTransaction = {
      from: getAddress(q.userAddress),
      to: from.address,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [exchange.router, q.amount === undefined ? maxUint256 : this.pools.amountOf(q.amount)],
      }),
      value: '0',
      eip155: { gasPrice: (await this.pools.nodeGasPrice(chainId)).toString() },
    }
    return { tx }
  }

  async buildTransaction(request: ConvertBuildRequest): Promise<ConvertBuild> {
    const { chainId, exchange, from, to } = this.pools.pair(request.from, request.to)
    const amountIn = this.pools.amountOf(request.amount)
    const user = getAddress(request.userAddress)
    const client = this.pools.client(chainId)
    const [priced, block, gasPrice] = await Promise.all([
      this.pools.route(chainId, exchange, from, to, amountIn),
      this.pools.call(chainId, () => client.getBlock()),
      this.pools.nodeGasPrice(chainId),
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
        const parsed = this.pools.parse(id)
        if (!parsed) return
        const { chainId, exchange, side } = parsed
        const usd: Side = { id: '', native: false, address: exchange.usd }
        const [token, usdToken] = await Promise.all([
          this.pools.token(chainId, side),
          this.pools.token(chainId, { ...usd, id: `eip155:${chainId}:${exchange.usd}` }),
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
        const trade = await this.pools.route(chainId, exchange, side, usd, probe)
        const out = Number(trade.amounts.at(-1)) / 10 ** usdToken.decimals
        const perToken = (out / Number(probe)) * 10 ** token.decimals
        // A price, not a trade: to 8 places, past which the probe's rounding is all there is.
        priced(Number((perToken / (1 - trade.feePercent / 100 - trade.priceImpact / 100)).toFixed(8)))
      }),
    )
    return found
  }
}
