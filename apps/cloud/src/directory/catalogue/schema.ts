import { z } from 'zod'

/** CAIP-2 chain id: `namespace:reference`, e.g. `eip155:1` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
const caip2ChainId = z
  .string()
  .regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 chain id like eip155:1')

/** EIP-6963 reverse-DNS identifier, e.g. `io.metamask` or `com.coinbase.wallet`. */
const reverseDns = z
  .string()
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a reverse-DNS name like io.metamask')

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https URL' })

/** A native scheme (`metamask://`) or a universal https link. */
const appLink = z
  .string()
  .regex(/^[a-z][a-z0-9+.-]*:\/\/\S*$/, 'must be a URL with a scheme, like metamask:// or https://…')

const slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lowercase slug of letters, digits and single hyphens')

export const injectedProviderSchema = z.strictObject({
  namespace: z.string().min(1),
  injected_id: z.string().min(1),
})

export const walletListingSchema = z.strictObject({
  id: slug,
  name: z.string().trim().min(1).max(80),
  homepage: httpsUrl,
  image_id: slug,
  mobile_link: appLink.nullable(),
  desktop_link: appLink.nullable(),
  webapp_link: httpsUrl.nullable(),
  app_store: httpsUrl.nullable(),
  play_store: httpsUrl.nullable(),
  chrome_store: httpsUrl.nullable(),
  rdns: reverseDns.nullable(),
  chains: z.array(caip2ChainId).min(1),
  injected: z.array(injectedProviderSchema).min(1).nullable(),
  /** 'certified': hand-checked by this catalogue's maintainers and featured; 'none' otherwise. */
  badge_type: z.enum(['certified', 'none']),
  supports_wc: z.boolean(),
  /** Featured ordering: lower is more prominent. */
  order: z.int().positive(),
})

export type WalletListing = z.infer<typeof walletListingSchema>

const catalogueSchema = z.array(walletListingSchema).superRefine((listings, ctx) => {
  reportDuplicates(listings, 'id', ctx)
  reportDuplicates(listings, 'rdns', ctx)
})

function reportDuplicates(listings: WalletListing[], field: 'id' | 'rdns', ctx: z.RefinementCtx): void {
  const firstIndexByValue = new Map<string, number>()
  listings.forEach((listing, index) => {
    const value = listing[field]
    if (value === null) return
    const firstIndex = firstIndexByValue.get(value)
    if (firstIndex === undefined) {
      firstIndexByValue.set(value, index)
      return
    }
    ctx.addIssue({
      code: 'custom',
      path: [index, field],
      message: `duplicate ${field} "${value}" (first used at entry ${firstIndex})`,
    })
  })
}

export class CatalogueError extends Error {
  override readonly name = 'CatalogueError'
  constructor(readonly problems: string[]) {
    super(`Invalid wallet catalogue:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
  }
}

/**
 * Validates a wallet catalogue (a JSON array of listings). Throws a CatalogueError whose message names
 * every offending entry and field, e.g. `[3].rdns: must be a reverse-DNS name like io.metamask`.
 */
export function parseCatalogue(json: unknown): WalletListing[] {
  const result = catalogueSchema.safeParse(json)
  if (result.success) return result.data
  throw new CatalogueError(result.error.issues.map(describeIssue))
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('')
  return `${where === '' ? '(root)' : where.replace(/^\./, '')}: ${issue.message}`
}
