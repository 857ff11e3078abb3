import type { Hex, PublicClient } from 'viem'
import type { PricedCall } from './permissions'

/** A call or transaction to price: `gas` when the site named it, else estimated. */
export type Unpriced = { to?: string | null; value?: string; data?: string; gas?: string }
/** Priced: the gas limit, fee caps and code of `to` it will be sent with, so what was counted bounds what is paid. */
export type Priced = PricedCall & { maxPriorityFeePerGas: bigint }

/**
 * Prices calls against the network now: the fee caps once, each call's gas (the site's, or estimated), and whether
 * each `to` holds code (a call to it runs that code, data or not; a delegated EOA's code too). Rejects when a call
 * can't be estimated (it would revert, or needs an earlier call of its batch sent first).
 */
export async function priceCalls(
  client: Pick<PublicClient, 'estimateFeesPerGas' | 'estimateGas' | 'getCode'>,
  from: Hex,
  calls: readonly Unpriced[],
): Promise<Priced[]> {
  const { maxFeePerGas, maxPriorityFeePerGas } = await client.estimateFeesPerGas()
  return Promise.all(
    calls.map(async (call) => {
      const to = (call.to ?? undefined) as Hex | undefined
      const [code, gas] = await Promise.all([
        to ? client.getCode({ address: to }) : undefined,
        call.gas
          ? BigInt(call.gas)
          : client.estimateGas({
              account: from,
              to,
              ...(call.value ? { value: BigInt(call.value) } : {}),
              ...(call.data ? { data: call.data as Hex } : {}),
            }),
      ])
      return {
        to: to ?? '',
        ...(call.value ? { value: call.value } : {}),
        ...(call.data ? { data: call.data } : {}),
        gas,
        maxFeePerGas,
        maxPriorityFeePerGas,
        toContract: code !== undefined && code !== '0x',
      }
    }),
  )
}

/** The most the calls' network fees can take: each call's gas limit at the fee cap. */
export const feeCap = (calls: readonly Priced[]) =>
  calls.reduce((sum, call) => sum + call.gas * call.maxFeePerGas, 0n)
