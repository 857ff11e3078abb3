import { z } from 'zod'

/** An EVM account address as the AppKit client sends it (checksummed or not). */
export const ADDRESS = /^0x[0-9a-fA-F]{40}$/
export const addressSchema = z.string().regex(ADDRESS, 'a 0x-prefixed 40-hex address')

/** A token balance, as the AppKit client reads it. `address` is absent for the native coin, else `<CAIP-2 chain>:<token address>`. */
export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  address: z.string().optional(),
  value: z.number().optional(),
  price: z.number(),
  quantity: z.object({ decimals: z.string(), numeric: z.string() }),
  iconUrl: z.string(),
})
export type TokenBalance = z.infer<typeof tokenBalanceSchema>

const transferSchema = z.object({
  fungible_info: z
    .object({
      name: z.string().optional(),
      symbol: z.string().optional(),
      icon: z.object({ url: z.string() }).optional(),
    })
    .optional(),
  nft_info: z
    .object({
      name: z.string().optional(),
      content: z
        .object({
          preview: z.object({ url: z.string() }).optional(),
          detail: z.object({ url: z.string() }).optional(),
        })
        .optional(),
      flags: z.object({ is_spam: z.boolean() }),
    })
    .optional(),
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: z.string() }),
  value: z.number().optional(),
  price: z.number().optional(),
})

/** A transaction history item, as the AppKit client reads it: id, metadata (minedAt, chain, …), transfers (NFTs with is_spam). */
export const historyItemSchema = z.object({
  id: z.string(),
  metadata: z.object({
    operationType: z.string(),
    hash: z.string(),
    chain: z.string(),
    minedAt: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: z.enum(['confirmed', 'failed', 'pending']),
    nonce: z.number(),
  }),
  transfers: z.array(transferSchema).nullable(),
})
export type HistoryItem = z.infer<typeof historyItemSchema>

/** A page of history; `next` is the cursor of the following page, null on the last. */
export const historyPageSchema = z.object({ data: z.array(historyItemSchema), next: z.string().nullable() })
export type HistoryPage = z.infer<typeof historyPageSchema>

export const balancesSchema = z.object({ balances: z.array(tokenBalanceSchema) })

/** What the AppKit client reads of an identity; both null until names exist here. */
export const identitySchema = z.object({ name: z.string().nullable(), avatar: z.string().nullable() })
