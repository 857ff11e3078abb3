/**
 * Coin types of names (ENSIP-9, ENSIP-11), apart from the name service's schemas: the modal's first load reads
 * them (the EVM family's name coin types), and this module keeps zod out of it.
 */

/** ENSIP-9: Ethereum's coin type (chain 1). */
export const ETH_COIN_TYPE = 60
/** ENSIP-11: EVM chains other than 1 have the coin type 0x80000000 | chainId. */
export const EVM_COIN_TYPE_FLAG = 0x80000000
/** The coin-type error (NAME_TEXTS.invalidChainId). */
export const INVALID_CHAIN_ID_TEXT = 'Invalid chainId'

/**
 * ENSIP-11: the coin type of an EVM chain (0 gives ENSIP-19's default EVM coin type); 'Invalid chainId'
 * from 2^31 up, and for anything that is not a chain id.
 */
export function coinTypeOfChainId(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId >= EVM_COIN_TYPE_FLAG)
    throw new Error(INVALID_CHAIN_ID_TEXT)
  return chainId === 1 ? ETH_COIN_TYPE : (EVM_COIN_TYPE_FLAG | chainId) >>> 0
}

/** The chain id of an EVM coin type (the inverse of coinTypeOfChainId); undefined for any other coin type. */
export function chainIdOfCoinType(coinType: number): number | undefined {
  if (coinType === ETH_COIN_TYPE) return 1
  if (!Number.isSafeInteger(coinType) || coinType < EVM_COIN_TYPE_FLAG || coinType > 0xffffffff)
    return undefined
  return coinType - EVM_COIN_TYPE_FLAG
}
