import type { KeyPairSigner } from '@solana/kit'
import { SOLANA_CORE_VERSION } from '../constants'
import type { Ledger } from '../ledger'
import { config, integer } from '../params'
import { RPC_ERROR, RpcFailure } from '../rpc-errors'

/** What every method reads: the ledger, and the faucet requestAirdrop pays from. */
export type Chain = { ledger: Ledger; faucet: KeyPairSigner }
export type Method = (params: unknown, chain: Chain) => unknown

/** An answer with the context Solana wraps state reads in. */
export const withContext = (ledger: Ledger, value: unknown) => ({
  context: { apiVersion: SOLANA_CORE_VERSION, slot: ledger.blockHeight },
  value,
})

/** Refuses a read asked to wait for a slot the chain has not reached (Solana does the same). */
export function checkMinContextSlot(ledger: Ledger, options: Record<string, unknown>) {
  if (options.minContextSlot === undefined || options.minContextSlot === null) return
  const wanted = integer(options.minContextSlot, 0, Number.MAX_SAFE_INTEGER)
  if (BigInt(wanted) > ledger.blockHeight)
    throw new RpcFailure(RPC_ERROR.minContextSlotNotReached, 'Minimum context slot has not been reached', {
      contextSlot: ledger.blockHeight,
    })
}

/** The config at `index`, its minContextSlot checked. */
export function options(ledger: Ledger, args: unknown[], index: number) {
  const read = config(args[index])
  checkMinContextSlot(ledger, read)
  return read
}
