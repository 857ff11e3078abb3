// What a client asks about the chain itself: version, genesis, slot and blockhash.
import { createHash } from 'node:crypto'
import { FeatureSet } from 'litesvm'
import { GENESIS_HASH, SOLANA_CORE_VERSION } from '../constants'
import { positional, text } from '../params'
import { type Method, options, withContext } from './context'

/**
 * The feature-set id, computed as solana-version does (the first 4 bytes, little-endian, of the SHA-256 of the
 * sorted active feature ids): LiteSVM runs with every feature on.
 */
const FEATURE_SET = (() => {
  const hash = createHash('sha256')
  for (const id of FeatureSet.allEnabled().getActiveFeatures().sort(Buffer.compare)) hash.update(id)
  return hash.digest().readUInt32LE(0)
})()
/** Slots in an epoch, as on mainnet; this chain stays in epoch 0 for its first 432,000 blocks. */
const SLOTS_PER_EPOCH = 432_000n

const slotRead: Method = (params, { ledger }) => {
  options(ledger, positional(params, 0, 1), 0)
  return ledger.blockHeight
}

export const clusterMethods: Record<string, Method> = {
  getVersion: (params) => {
    positional(params, 0, 0)
    return { 'solana-core': SOLANA_CORE_VERSION, 'feature-set': FEATURE_SET }
  },
  getGenesisHash: (params) => {
    positional(params, 0, 0)
    return GENESIS_HASH
  },
  getHealth: (params) => {
    positional(params, 0, 0)
    return 'ok'
  },
  getSlot: slotRead,
  getBlockHeight: slotRead,
  getEpochInfo: (params, { ledger }) => {
    options(ledger, positional(params, 0, 1), 0)
    const slot = ledger.blockHeight
    return {
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: slot / SLOTS_PER_EPOCH,
      slotIndex: slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: null,
    }
  },
  getLatestBlockhash: (params, { ledger }) => {
    options(ledger, positional(params, 0, 1), 0)
    return withContext(ledger, ledger.latestBlockhash())
  },
  isBlockhashValid: (params, { ledger }) => {
    const args = positional(params, 1, 2)
    const blockhash = text(args[0])
    options(ledger, args, 1)
    return withContext(ledger, ledger.isBlockhashValid(blockhash))
  },
  /** No fee market here: every recent block's priority fee was 0. */
  getRecentPrioritizationFees: (params, { ledger }) => {
    positional(params, 0, 1)
    return [{ slot: ledger.blockHeight, prioritizationFee: 0 }]
  },
}
