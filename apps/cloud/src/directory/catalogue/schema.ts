import { type WalletCatalogueEntry, walletCatalogueEntrySchema } from '@allaccess/protocol'
import { z } from 'zod'
import { CloudError } from '../../errors.js'

const catalogueSchema = z.array(walletCatalogueEntrySchema).superRefine((listings, ctx) => {
  reportDuplicates(listings, 'id', ctx)
  reportDuplicates(listings, 'rdns', ctx)
})

function reportDuplicates(
  listings: WalletCatalogueEntry[],
  field: 'id' | 'rdns',
  ctx: z.RefinementCtx,
): void {
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

export class CatalogueError extends CloudError<'invalidCatalogue'> {
  override readonly name = 'CatalogueError'
  constructor(readonly problems: string[]) {
    super(
      'invalidCatalogue',
      `Invalid wallet catalogue:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    )
  }
}

/**
 * Validates a wallet catalogue: a JSON array of entries (`walletCatalogueEntrySchema` of @allaccess/protocol) with
 * unique ids and rdns. Throws a CatalogueError whose message names every offending entry and field, e.g.
 * `[3].rdns: must be a reverse-DNS name like io.metamask`.
 */
export function parseCatalogue(json: unknown): WalletCatalogueEntry[] {
  const result = catalogueSchema.safeParse(json)
  if (result.success) return result.data
  throw new CatalogueError(result.error.issues.map(describeIssue))
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('')
  return `${where === '' ? '(root)' : where.replace(/^\./, '')}: ${issue.message}`
}
