import {
  allowedOriginsSchema,
  analyticsConfigSchema,
  featureSchema,
  originPatternSchema,
  projectConfigSchema,
  walletListingSchema,
  walletPageSchema,
} from '@allaccess/protocol'
import * as z from 'zod/mini'
import { CloudResponseError } from './errors'

/**
 * The cloud's answers, parsed with the contracts of @allaccess/protocol. This module (and zod with it) loads on the
 * first answer, never with the page: createCloudClient imports it lazily. zod/mini, not classic zod: it is
 * smaller, and it never compiles parsers with `new Function`, which a strict Content-Security-Policy refuses.
 */

/**
 * A list read entry by entry: an entry this modal can't parse (a feature id it doesn't know yet, a broken listing)
 * is dropped and the rest kept, so one bad entry never empties the list.
 */
function entriesOf<Entry extends z.ZodMiniType>(entry: Entry) {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((items) =>
      items.flatMap((item): z.infer<Entry>[] => {
        const parsed = entry.safeParse(item)
        return parsed.success ? [parsed.data] : []
      }),
    ),
  )
}

const walletPage = z.extend(walletPageSchema, { data: entriesOf(walletListingSchema) })
const projectConfig = z.extend(projectConfigSchema, { features: entriesOf(featureSchema) })
const allowedOrigins = z.extend(allowedOriginsSchema, { allowedOrigins: entriesOf(originPatternSchema) })

function read<Schema extends z.ZodMiniType>(schema: Schema, body: unknown, path: string): z.infer<Schema> {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const [issue] = parsed.error.issues
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : ''
  throw new CloudResponseError(`${path} answered outside its contract${where}: ${issue?.message}`)
}

export const readWalletPage = (body: unknown) => read(walletPage, body, '/getWallets')
export const readFeatures = (body: unknown) => read(projectConfig, body, '/appkit/v1/config').features
export const readAllowedOrigins = (body: unknown) =>
  read(allowedOrigins, body, '/projects/v1/origins').allowedOrigins
export const readAnalyticsConfig = (body: unknown) => read(analyticsConfigSchema, body, '/getAnalyticsConfig')
