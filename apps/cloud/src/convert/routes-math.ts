// Uniswap V2's pricing (UniswapV2Library.getAmountOut), and the choice of the best path through the pools.

/** Uniswap V2 takes 0.3 % of each pool's input: 997 of every 1000 are swapped. */
const FEE_KEEP = 997n
const FEE_BASE = 1000n

export type Reserves = readonly [reserveIn: bigint, reserveOut: bigint]

/** What a pool with `reserves` gives for `amountIn`, as the router computes it; 0 for an empty pool. */
export function amountOut(amountIn: bigint, [reserveIn, reserveOut]: Reserves): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n
  const withFee = amountIn * FEE_KEEP
  return (withFee * reserveOut) / (reserveIn * FEE_BASE + withFee)
}

export type Priced = {
  path: readonly string[]
  /** After every hop, as the router's getAmountsOut: the last is what the swap gives. */
  amounts: bigint[]
  /** The pools' fee on the input, in input base units. */
  fee: bigint
  feePercent: number
  /** In percent: how far the trade's rate falls below the pools' mid rate less their fees. */
  priceImpact: number
}

/**
 * Prices `amountIn` along `path`, hop by hop, with each hop's reserves (in the hop's direction); undefined when a
 * pool is missing or empty.
 */
export function pricePath(
  amountIn: bigint,
  path: readonly string[],
  reserves: readonly (Reserves | undefined)[],
): Priced | undefined {
  const amounts = [amountIn]
  // The mid rate as a fraction, kept exact: the product of reserveOut / reserveIn over the hops.
  let midNum = 1n
  let midDen = 1n
  for (const [hop, pool] of reserves.entries()) {
    if (!pool) return undefined
    const out = amountOut(amounts[hop] as bigint, pool)
    if (out === 0n) return undefined
    amounts.push(out)
    midNum *= pool[1]
    midDen *= pool[0]
  }
  const hops = reserves.length
  const keep = 0.997 ** hops
  const feePercent = round((1 - keep) * 100, 4)
  const fee = amountIn - (amountIn * FEE_KEEP ** BigInt(hops)) / FEE_BASE ** BigInt(hops)
  // At the mid rate, less the fees: what an infinitely deep pool would give.
  const ideal = (Number((amountIn * midNum * 1_000_000n) / midDen) / 1_000_000) * keep
  const got = Number(amounts[hops])
  const priceImpact = ideal > 0 ? round(Math.max(0, (1 - got / ideal) * 100), 4) : 0
  return { path, amounts, fee, feePercent, priceImpact }
}

/** The paths from `from` to `to`: direct, and through each of `via` (neither end). */
export function candidatePaths(from: string, to: string, via: readonly string[]): string[][] {
  const hubs = [...new Set(via)].filter((hub) => hub !== from && hub !== to)
  return [[from, to], ...hubs.map((hub) => [from, hub, to])]
}

/** The path that gives the most. */
export function best(priced: readonly (Priced | undefined)[]): Priced | undefined {
  let top: Priced | undefined
  for (const p of priced)
    if (p && (!top || (p.amounts.at(-1) as bigint) > (top.amounts.at(-1) as bigint))) top = p
  return top
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places
