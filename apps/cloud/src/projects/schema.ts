import {
  allowedOriginsListSchema,
  type Feature,
  featureSchema,
  IDENTITY_PROVIDERS,
  socialLoginConfigSchema,
} from '@allaccess/protocol'
import { z } from 'zod'

export const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/
export const projectIdSchema = z.string().regex(PROJECT_ID, 'letters, digits, _ and -, at most 64')

export const projectSchema = z.object({
  id: projectIdSchema,
  name: z.string().trim().min(1).max(200),
  allowedOrigins: allowedOriginsListSchema,
  analyticsEnabled: z.boolean(),
  features: z
    .array(featureSchema)
    .refine((list) => new Set(list.map((f) => f.id)).size === list.length, {
      message: 'each feature id at most once',
    })
    .refine(
      (list) => {
        const config = list.find((f) => f.id === 'social_login')?.config ?? null
        return config === null || socialLoginConfigSchema.safeParse(config).success
      },
      { message: `social_login's config: null, or a list of ${IDENTITY_PROVIDERS.join(', ')}, each once` },
    ),
})
export type Project = z.infer<typeof projectSchema>

/**
 * What a new project gets: only what the product offers today. Multi-wallet is off unless enabled remotely
 * (docs/behaviour.md#switches); activity is on (the cloud serves `/v1/account/{address}/history`, and the modal's
 * Account view has its tab), and so are swaps (the cloud's convert service), the on-ramp (its sandbox provider) and
 * social login (for the providers it has apps for); a project turns one off with `project edit --feature <id>=off`;
 * the modal's local options decide nothing else.
 */
export const DEFAULT_FEATURES: Feature[] = [
  { id: 'multi_wallet', isEnabled: false, config: null },
  { id: 'activity', isEnabled: true, config: null },
  { id: 'onramp', isEnabled: true, config: null },
  { id: 'swap', isEnabled: true, config: null },
  { id: 'social_login', isEnabled: true, config: null },
  { id: 'email_capture', isEnabled: true, config: null },
  { id: 'reown_authentication', isEnabled: false, config: null },
]

export const LOCAL_PROJECT: Project = {
  id: 'allaccess-local',
  name: 'All-Access Pass (local)',
  // npm start's site (scripts/hosts.ts), and the loopback names it answers on too.
  allowedOrigins: ['http://site.allaccess.localhost:5173', 'http://localhost:5173', 'http://127.0.0.1:5173'],
  analyticsEnabled: true,
  features: DEFAULT_FEATURES.map((f) => (f.id === 'multi_wallet' ? { ...f, isEnabled: true } : f)),
}
