import * as z from 'zod/mini'
import { ALLOWED_ORIGINS_MAX } from './limits'
import { ORIGIN_PATTERN } from './origins'

/** A project's settings as the modal reads them (docs/behaviour.md#cloud): features, allowed origins, the analytics switch. */

/** Remote feature ids (`/appkit/v1/config`). A feature missing from a project's list is off. */
export const FEATURE_IDS = [
  'multi_wallet',
  'activity',
  'onramp',
  'swap',
  'social_login',
  'email_capture',
  'reown_authentication',
  'headless',
  'reown_branding',
] as const
export type FeatureId = (typeof FEATURE_IDS)[number]

export const featureSchema = z.object({
  id: z.enum(FEATURE_IDS),
  isEnabled: z.boolean(),
  /** null: the modal keeps its local setting; any other value turns the feature on. */
  config: z.nullable(z.json()),
})
export type Feature = z.infer<typeof featureSchema>

/** `GET /appkit/v1/config`. */
export const projectConfigSchema = z.object({ features: z.array(featureSchema) })
export type ProjectConfig = z.infer<typeof projectConfigSchema>

/** One allowlist entry (grammar in `./origins`), stored lowercased. */
export const originPatternSchema = z
  .string()
  .check(z.toLowerCase(), z.regex(ORIGIN_PATTERN, 'an origin such as https://*.example.com'))

/** A project's origin allowlist. */
export const allowedOriginsListSchema = z.array(originPatternSchema).check(z.maxLength(ALLOWED_ORIGINS_MAX))

/** `GET /projects/v1/origins`. */
export const allowedOriginsSchema = z.object({ allowedOrigins: allowedOriginsListSchema })
export type AllowedOrigins = z.infer<typeof allowedOriginsSchema>

/** `GET /getAnalyticsConfig`. */
export const analyticsConfigSchema = z.object({ isAnalyticsEnabled: z.boolean() })
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>
