/**
 * ENSIP-9/11 coin types of EVM chains, apart from the names' schemas in names.ts: a page that only reads a coin type
 * (the modal's EVM family does, on first load) must not load zod with them.
 */

/** ENSIP-9: Ethereum's coin type (chain 1). */
export const ETH_COIN_TYPE = 60
/** ENSIP-11: EVM chains other than 1 have the coin type 0x80000000 | chainId. */
export const EVM_COIN_TYPE_FLAG = 0x80000000

export const INVALID_CHAIN_ID = 'Invalid chainId'

/**
 * ENSIP-11: the coin type of an EVM chain (0 gives ENSIP-19's default EVM coin type); 'Invalid chainId'
 * from 2^31 up, and for anything that is not a chain id.
 */
export function coinTypeOfChainId(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId >= EVM_COIN_TYPE_FLAG)
    throw new Error(INVALID_CHAIN_ID)
  return chainId === 1 ? ETH_COIN_TYPE : (EVM_COIN_TYPE_FLAG | chainId) >>> 0
}

/** The chain id of an EVM coin type (the inverse of coinTypeOfChainId); undefined for any other coin type. */
export function chainIdOfCoinType(coinType: number): number | undefined {
  if (coinType === ETH_COIN_TYPE) return 1
  if (!Number.isSafeInteger(coinType) || coinType < EVM_COIN_TYPE_FLAG || coinType > 0xffffffff)
    return undefined
  return coinType - EVM_COIN_TYPE_FLAG
}
