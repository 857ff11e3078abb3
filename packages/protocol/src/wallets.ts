import * as z from 'zod/mini'
import { CAIP2_CHAIN_ID } from './caip'

/**
 * The wallet directory (docs/behaviour.md#cloud, `/getWallets`). A catalogue entry is what an operator imports
 * and the cloud stores; a listing is one entry of a `/getWallets` answer: the catalogue entry plus what the cloud
 * adds per answer (`image_url`, `installed`, `display_index`).
 */

export const BADGE_TYPES = ['certified', 'none'] as const
export type BadgeType = (typeof BADGE_TYPES)[number]

/** EIP-6963 reverse-DNS identifier, e.g. `io.metamask` or `com.coinbase.wallet`. */
const reverseDns = z
  .string()
  .check(z.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a reverse-DNS name like io.metamask'))

/** A CAIP-2 chain id of any namespace: a listing may name chains the modal does not support yet. */
export const caip2ChainIdSchema = z
  .string()
  .check(z.regex(CAIP2_CHAIN_ID, 'must be a CAIP-2 chain id like eip155:1'))

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https URL' })

/** A native scheme (`metamask://`) or a universal https link. */
const appLink = z
  .string()
  .check(z.regex(/^[a-z][a-z0-9+.-]*:\/\/\S*$/, 'must be a URL with a scheme, like metamask:// or https://…'))

const slug = z
  .string()
  .check(
    z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lowercase slug of letters, digits and single hyphens'),
  )

export const injectedProviderSchema = z.strictObject({
  namespace: z.string().check(z.minLength(1)),
  injected_id: z.string().check(z.minLength(1)),
})

const catalogueFields = {
  id: slug,
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  homepage: httpsUrl,
  image_id: slug,
  mobile_link: z.nullable(appLink),
  desktop_link: z.nullable(appLink),
  webapp_link: z.nullable(httpsUrl),
  app_store: z.nullable(httpsUrl),
  play_store: z.nullable(httpsUrl),
  chrome_store: z.nullable(httpsUrl),
  rdns: z.nullable(reverseDns),
  chains: z.array(caip2ChainIdSchema).check(z.minLength(1)),
  injected: z.nullable(z.array(injectedProviderSchema).check(z.minLength(1))),
  /** 'certified': hand-checked by the catalogue's maintainers and featured; 'none' otherwise. */
  badge_type: z.enum(BADGE_TYPES),
  supports_wc: z.boolean(),
  /** Featured ordering: lower is more prominent. */
  order: z.int().check(z.positive()),
}

/** One wallet of an imported catalogue. Strict: an unknown field is a typo, not something to pass silently. */
export const walletCatalogueEntrySchema = z.strictObject(catalogueFields)
export type WalletCatalogueEntry = z.infer<typeof walletCatalogueEntrySchema>

/**
 * One wallet of a `/getWallets` answer. Fields a newer cloud adds are dropped, not refused, so an older modal
 * keeps working.
 */
export const walletListingSchema = z.object({
  ...catalogueFields,
  /** Where the cloud serves the wallet's image (`/getWalletImage/{image_id}`). */
  image_url: z.url({ protocol: /^https?$/ }),
  /**
   * Whether the browser asking has this wallet: true when the request named the wallet's rdns in `rdns` (the
   * modal names the rdns its browser announces, EIP-6963). Installed wallets sort first (docs/behaviour.md#wallet-picker).
   */
  installed: z.boolean(),
  /** The wallet's place in the whole answer, from 0, over every page: where a client shows it. */
  display_index: z.int().check(z.nonnegative()),
})
export type WalletListing = z.infer<typeof walletListingSchema>

/** The `/getWallets` answer: one page of listings and how many match in all. */
export const walletPageSchema = z.object({
  data: z.array(walletListingSchema),
  count: z.int().check(z.nonnegative()),
})
export type WalletPage = z.infer<typeof walletPageSchema>

/** The `/getWallets` query (docs/behaviour.md#cloud), as a client names it; lists travel comma-separated. */
export type GetWalletsParams = {
  /** From 1, at most WALLET_PAGE_MAX. */
  page?: number
  /** At most WALLET_PAGE_SIZE_MAX; WALLET_PAGE_SIZE when absent. */
  entries?: number
  /** Case-insensitive, at most SEARCH_TERM_MAX_LENGTH characters; answers at most SEARCH_RESULTS_MAX wallets. */
  search?: string
  badge_type?: BadgeType
  /** Only these wallet ids. */
  include?: string[]
  /** Never these wallet ids. */
  exclude?: string[]
  /** CAIP-2 chain ids: wallets supporting any of them. */
  chains?: string[]
  /** EIP-6963 rdns values the browser announces: only those wallets, answered as `installed`. */
  rdns?: string[]
  /** Exact wallet names, case-insensitive. */
  names?: string[]
}
