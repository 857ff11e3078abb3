import {
  allowedOriginsSchema,
  analyticsConfigSchema,
  balancesSchema,
  convertAllowanceSchema,
  convertApproveSchema,
  convertBuildSchema,
  convertGasPriceSchema,
  convertQuotesSchema,
  convertTokensSchema,
  featureSchema,
  fungiblePricesSchema,
  historyItemSchema,
  historyPageSchema,
  historyTransferSchema,
  holdersAreaSchema,
  identitySchema,
  nameEntrySchema,
  nameSuggestionsSchema,
  nftPageSchema,
  nftSchema,
  originPatternSchema,
  projectConfigSchema,
  reverseAnswerSchema,
  siwxMessageSchema,
  siwxSessionCreatedSchema,
  siwxSessionListSchema,
  tokenBalanceSchema,
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

/** docs/behaviour.md#activity: a transfer whose amount is not a number counts as zero instead of losing the item. */
const NUMERIC = /^\d+(\.\d+)?$/
const lenientTransfer = z.extend(historyTransferSchema, {
  quantity: z.object({
    numeric: z.pipe(
      z.unknown(),
      z.transform((value) => (typeof value === 'string' && NUMERIC.test(value) ? value : '0')),
    ),
  }),
})
const historyItem = z.extend(historyItemSchema, { transfers: z.nullable(z.array(lenientTransfer)) })
const balances = z.extend(balancesSchema, { balances: entriesOf(tokenBalanceSchema) })
const historyPage = z.extend(historyPageSchema, { data: entriesOf(historyItem) })
const nftPage = z.extend(nftPageSchema, { data: entriesOf(nftSchema) })

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
export const readBalances = (body: unknown) => read(balances, body, '/v1/account/balance').balances
export const readHistoryPage = (body: unknown) => read(historyPage, body, '/v1/account/history')
export const readNftPage = (body: unknown) => read(nftPage, body, '/v1/account/nfts')
export const readIdentity = (body: unknown) => read(identitySchema, body, '/v1/identity')
export const readFungiblePrices = (body: unknown) =>
  read(fungiblePricesSchema, body, '/v1/fungible/price').fungibles
export const readSiwxMessage = (body: unknown) => read(siwxMessageSchema, body, '/auth/v1/siwx/message')
export const readSiwxSessionCreated = (body: unknown) =>
  read(siwxSessionCreatedSchema, body, '/auth/v1/siwx/sessions')
export const readSiwxSessions = (body: unknown) =>
  read(siwxSessionListSchema, body, '/auth/v1/siwx/sessions').sessions
export const readHoldersArea = (body: unknown) => read(holdersAreaSchema, body, '/holders/v1/area')
export const readNameEntry = (body: unknown) => read(nameEntrySchema, body, '/v1/profile/account')
export const readNameEntries = (body: unknown) => read(reverseAnswerSchema, body, '/v1/profile/reverse')
export const readNameSuggestions = (body: unknown) =>
  read(nameSuggestionsSchema, body, '/v1/profile/suggestions')
export const readConvertTokens = (body: unknown) => read(convertTokensSchema, body, '/v1/convert/tokens')
export const readConvertQuotes = (body: unknown) => read(convertQuotesSchema, body, '/v1/convert/quotes')
export const readConvertAllowance = (body: unknown) =>
  read(convertAllowanceSchema, body, '/v1/convert/allowance')
export const readConvertGasPrice = (body: unknown) =>
  read(convertGasPriceSchema, body, '/v1/convert/gas-price')
export const readConvertApprove = (body: unknown) =>
  read(convertApproveSchema, body, '/v1/convert/build-approve')
export const readConvertBuild = (body: unknown) =>
  read(convertBuildSchema, body, '/v1/convert/build-transaction')
