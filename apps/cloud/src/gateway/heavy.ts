import { type RpcError, RpcErrorCode, type RpcRequest } from './rpc.js'

/** Methods that run the EVM on the node: their gas, their parameters and how many run at once are bounded. */
export const HEAVY_METHODS: ReadonlySet<string> = new Set([
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
])

/**
 * Most `gas` a heavy call may name: EIP-7825's transaction gas cap (2^24), which no transaction can pass and
 * which is below every chain's block gas limit (the devnet's is 30,000,000). A call above it is refused, not
 * clamped: a clamped call would answer something other than what was asked.
 */
export const MAX_CALL_GAS = 2n ** 24n

/** Heavy calls one client address may have at the nodes at once; more are refused until some finish. */
export const MAX_HEAVY_CALLS_PER_CLIENT = 8

/** Parameters a heavy call may carry: the transaction and the block. A third (state) or fourth (block) override would let a caller run code of its choosing. */
const HEAVY_PARAMS = 2

const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/

const invalid = (message: string): RpcError => ({ code: RpcErrorCode.invalidParams, message })

/**
 * Why the gateway refuses a heavy call before the node runs it, or undefined. Gas is read under any casing of
 * `gas` (some nodes match JSON keys without case) and only as a hex quantity (nodes also take numbers and
 * decimal strings, which would slip past a hex-only check).
 */
export function checkHeavyCall(request: RpcRequest): RpcError | undefined {
  const { params, method } = request
  if (params !== undefined && (!Array.isArray(params) || params.length > HEAVY_PARAMS))
    return invalid(`${method} takes params [transaction, block]: state and block overrides are not accepted`)
  const transaction = params?.[0]
  if (typeof transaction !== 'object' || transaction === null) return undefined
  for (const [key, gas] of Object.entries(transaction)) {
    if (key.toLowerCase() !== 'gas' || gas === undefined || gas === null) continue
    if (typeof gas !== 'string' || !HEX_QUANTITY.test(gas))
      return invalid(`${method} gas must be a hex quantity (0x…)`)
    if (BigInt(gas) > MAX_CALL_GAS)
      return invalid(`${method} gas is over the gateway's cap of ${MAX_CALL_GAS}`)
  }
  return undefined
}

/** The error of a heavy call over its client's share. */
export const TOO_MANY_HEAVY_CALLS: RpcError = {
  code: RpcErrorCode.limitExceeded,
  message: `Too many calls at once: at most ${MAX_HEAVY_CALLS_PER_CLIENT} eth_call, eth_estimateGas and eth_createAccessList per client`,
}

/** Counts each client's heavy calls in flight. */
export class HeavyCalls {
  private readonly inFlight = new Map<string, number>()

  /** Takes up to `wanted` slots for `client`; returns how many it got (release exactly those). */
  take(client: string, wanted: number): number {
    const running = this.inFlight.get(client) ?? 0
    const granted = Math.max(0, Math.min(wanted, MAX_HEAVY_CALLS_PER_CLIENT - running))
    if (granted > 0) this.inFlight.set(client, running + granted)
    return granted
  }

  release(client: string, count: number): void {
    if (count === 0) return
    const left = (this.inFlight.get(client) ?? 0) - count
    if (left > 0) this.inFlight.set(client, left)
    else this.inFlight.delete(client)
  }
}
