import * as z from 'zod/mini'
import { IDENTITY_PROVIDERS, type IdentityProvider } from './embedded'
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

/**
 * `social_login`'s config, when not null: the providers the Connect view offers, in their order (Farcaster among
 * them), each once. It overrides the site's own list, as any remote config overrides its local setting.
 */
export const socialLoginConfigSchema = z.array(z.enum(IDENTITY_PROVIDERS)).check(
  z.minLength(1),
  z.refine((list) => new Set(list).size === list.length, 'each provider at most once'),
)

/** The remote order of the social providers: `social_login`'s config when it is on and valid; else none. */
export function remoteSocialOrder(features: readonly Feature[]): IdentityProvider[] | undefined {
  const entry = features.find((feature) => feature.id === 'social_login')
  if (!entry?.isEnabled || entry.config === null) return undefined
  const parsed = socialLoginConfigSchema.safeParse(entry.config)
  return parsed.success ? parsed.data : undefined
}

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
