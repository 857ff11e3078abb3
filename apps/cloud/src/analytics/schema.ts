import { ANALYTICS_BATCH_MAX } from '@allaccess/protocol'
import { z } from 'zod'
import { isStorableJson, storableText } from '../http/text.js'

/** Year 2100 in ms: anything later is a unit mistake, not a time. */
const MAX_TIMESTAMP = 4_102_444_800_000
const MAX_PROPS_BYTES = 16_384
const MAX_PROPS_DEPTH = 8

const propsSchema = z
  .record(z.string(), z.unknown())
  .refine(
    (props) => isStorableJson(props, MAX_PROPS_DEPTH),
    `must be JSON nested at most ${MAX_PROPS_DEPTH} deep`,
  )
  .refine(
    (props) => JSON.stringify(props).length <= MAX_PROPS_BYTES,
    `must be at most ${MAX_PROPS_BYTES} bytes`,
  )

export const eventSchema = z.object({
  eventId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'letters, digits, _ and -, at most 128'),
  url: storableText(2048),
  domain: storableText(253),
  timestamp: z
    .union([
      z.number().int(),
      // The AppKit client's error reporter sends ISO-8601 strings.
      z.iso.datetime({ offset: true }).transform((text) => Date.parse(text)),
    ])
    .pipe(z.number().int().min(0).max(MAX_TIMESTAMP))
    .describe('ms since the epoch, or an ISO-8601 date-time'),
  props: propsSchema.describe('{ type: "track" | "error", event, properties }'),
})
export type AnalyticsEvent = z.infer<typeof eventSchema>

export const batchSchema = z.array(eventSchema).min(1).max(ANALYTICS_BATCH_MAX)

export const storeResultSchema = z.object({
  received: z.number(),
  stored: z.number().describe('new events kept'),
  duplicates: z.number().describe('event ids seen before: a retry never counts twice'),
  throttled: z
    .number()
    .describe(
      "not stored for a limit: error reports over 5 per 60 s, the project's events per minute or stored rows",
    ),
})
export type StoreResult = z.infer<typeof storeResultSchema>

/** Error reports are events whose props say `type: "error"`, in any casing. */
export function isErrorReport(event: AnalyticsEvent): boolean {
  const { type } = event.props
  return typeof type === 'string' && type.toLowerCase() === 'error'
}
