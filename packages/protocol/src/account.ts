import * as z from 'zod/mini'
import { CAIP10_ACCOUNT, EVM_ADDRESS } from './caip'
import { FUNGIBLE_PRICE_ADDRESSES_MAX } from './limits'
import { caip2ChainIdSchema } from './wallets'

/**
 * The blockchain data service's account answers (apps/cloud/README.md#account): balances, history, NFTs,
 * identity and prices. Amounts travel as decimal strings (token amounts exceed a double); prices and values in
 * the currency asked for are numbers.
 */

/** The currencies balances and prices are valued in. */
export const CURRENCIES = ['usd'] as const
export type Currency = (typeof CURRENCIES)[number]

/** docs/behaviour.md#chains: an EVM address is 40 hex characters, 0x optional, any case. */
export const evmAddressSchema = z
  .string()
  .check(z.regex(EVM_ADDRESS, 'must be an EVM address: 40 hex characters, 0x optional'))

/** A CAIP-10 id (`eip155:1:0xabc…`): a chain-qualified address has exactly 3 colon-separated parts. */
export const caip10Schema = z
  .string()
  .check(z.regex(CAIP10_ACCOUNT, 'must be a CAIP-10 id like eip155:1:0xabc…'))

/** The address part of a fungible id that names a chain's own coin rather than a token contract. */
export const NATIVE_TOKEN_REFERENCE = 'native'

/**
 * A fungible on an EVM chain: `eip155:<chain>:0x<token contract>` (CAIP-10) or `eip155:<chain>:native` for the
 * chain's coin.
 */
export const FUNGIBLE_ID = /^eip155:[1-9]\d{0,14}:(?:0x[0-9a-fA-F]{40}|native)$/
export const fungibleIdSchema = z
  .string()
  .check(z.regex(FUNGIBLE_ID, 'must be eip155:<chain>:0x<token address> or eip155:<chain>:native'))

/** An unsigned integer in decimal, of any size (token ids, raw amounts, decimals). */
const integerString = z.string().check(z.regex(/^\d{1,80}$/, 'must be an unsigned decimal integer'))
/** A non-negative amount in whole tokens, in decimal: `12.5`. */
const decimalString = z.string().check(z.regex(/^\d{1,80}(\.\d{1,80})?$/, 'must be a decimal number'))

/**
 * `GET /v1/account/{address}/balance` entry (docs/behaviour.md#balances). `address` is absent for the native coin,
 * else the token's CAIP-10 id. `quantity.numeric` is the amount in whole tokens; `price` is 0 and `value`
 * absent when the cloud knows no price.
 */
export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: caip2ChainIdSchema,
  address: z.optional(caip10Schema),
  value: z.optional(z.number()),
  price: z.number(),
  quantity: z.object({ decimals: integerString, numeric: decimalString }),
  /** Served by the cloud (`/public/getTokenImage/{id}`). */
  iconUrl: z.string(),
})
export type TokenBalance = z.infer<typeof tokenBalanceSchema>

/** `GET /v1/account/{address}/balance`. */
export const balancesSchema = z.object({ balances: z.array(tokenBalanceSchema) })
export type Balances = z.infer<typeof balancesSchema>

/** The operation types a history item names, from the account's point of view. */
export const OPERATION_TYPES = ['send', 'receive', 'mint', 'burn', 'execute'] as const
export type OperationType = (typeof OPERATION_TYPES)[number]

const imageSchema = z.object({ url: z.string() })

/**
 * One movement of value within a history item. `sender` and `recipient` are the transfer's own addresses (for a
 * token, not the token contract the transaction called): the counterparty is the one that is not the account.
 */
export const historyTransferSchema = z.object({
  fungible_info: z.optional(
    z.object({
      name: z.optional(z.string()),
      symbol: z.optional(z.string()),
      icon: z.optional(imageSchema),
    }),
  ),
  nft_info: z.optional(
    z.object({
      name: z.optional(z.string()),
      content: z.optional(z.object({ preview: z.optional(imageSchema), detail: z.optional(imageSchema) })),
      /** Spam (the collection was airdropped unasked to many accounts at once): clients hide it. */
      flags: z.object({ is_spam: z.boolean() }),
    }),
  ),
  direction: z.enum(['in', 'out', 'self']),
  /** In whole tokens (1 for an ERC-721). */
  quantity: z.object({ numeric: decimalString }),
  value: z.optional(z.number()),
  price: z.optional(z.number()),
  sender: z.string(),
  recipient: z.string(),
})
export type HistoryTransfer = z.infer<typeof historyTransferSchema>

/**
 * A transaction history item (docs/behaviour.md#activity): one transaction as it concerns the account.
 * `metadata.sentFrom` and `sentTo` are the transaction's own from and to; `minedAt` is ISO 8601; `chain` is CAIP-2.
 */
export const historyItemSchema = z.object({
  id: z.string(),
  metadata: z.object({
    operationType: z.string(),
    hash: z.string(),
    chain: caip2ChainIdSchema,
    minedAt: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: z.enum(['confirmed', 'failed', 'pending']),
    nonce: z.number(),
  }),
  transfers: z.nullable(z.array(historyTransferSchema)),
})
export type HistoryItem = z.infer<typeof historyItemSchema>

/** `GET /v1/account/{address}/history`: newest first; `next` is the cursor of the following page, null on the last. */
export const historyPageSchema = z.object({ data: z.array(historyItemSchema), next: z.nullable(z.string()) })
export type HistoryPage = z.infer<typeof historyPageSchema>

export const NFT_STANDARDS = ['ERC721', 'ERC1155'] as const
export type NftStandard = (typeof NFT_STANDARDS)[number]

/** One NFT the account holds. Spam is never listed. */
export const nftSchema = z.object({
  /** `<CAIP-2 chain>:<contract>:<token id>`, e.g. `eip155:31337:0xabc…:7`. */
  id: z.string(),
  chainId: caip2ChainIdSchema,
  /** The collection's contract, checksummed. */
  contract: evmAddressSchema,
  tokenId: integerString,
  standard: z.enum(NFT_STANDARDS),
  /** How many the account holds: 1 for an ERC-721. */
  amount: integerString,
  /** From the token's metadata, else the collection's name and `#<token id>`. */
  name: z.string(),
  description: z.nullable(z.string()),
  collection: z.object({ name: z.string(), symbol: z.nullable(z.string()) }),
  /** Served by the cloud (`/public/getNftImage/{id}`): sanitized on-chain art, or a placeholder. */
  imageUrl: z.string(),
})
export type Nft = z.infer<typeof nftSchema>

/** `GET /v1/account/{address}/nfts`: `next` is the cursor of the following page, null on the last. */
export const nftPageSchema = z.object({ data: z.array(nftSchema), next: z.nullable(z.string()) })
export type NftPage = z.infer<typeof nftPageSchema>

/** `GET /v1/identity/{address}`: both null until names exist here. */
export const identitySchema = z.object({ name: z.nullable(z.string()), avatar: z.nullable(z.string()) })
export type Identity = z.infer<typeof identitySchema>

/** `POST /v1/fungible/price` body. Other fields (the AppKit client adds `projectId`) are ignored. */
export const fungiblePriceRequestSchema = z.object({
  currency: z.enum(CURRENCIES),
  addresses: z.array(fungibleIdSchema).check(z.minLength(1), z.maxLength(FUNGIBLE_PRICE_ADDRESSES_MAX)),
})
export type FungiblePriceRequest = z.infer<typeof fungiblePriceRequestSchema>

/** One priced fungible; `address` is the id it was asked by. */
export const fungiblePriceSchema = z.object({
  address: fungibleIdSchema,
  name: z.string(),
  symbol: z.string(),
  iconUrl: z.string(),
  price: z.number(),
})
export type FungiblePrice = z.infer<typeof fungiblePriceSchema>

/** `POST /v1/fungible/price`: the fungibles the cloud has a price for; the others are left out. */
export const fungiblePricesSchema = z.object({ fungibles: z.array(fungiblePriceSchema) })
export type FungiblePrices = z.infer<typeof fungiblePricesSchema>
