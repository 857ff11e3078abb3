import { resolve } from 'node:path'
import { z } from 'zod'
import { type TrustProxy, trustProxySchema } from '../http/trust-proxy.js'
import { ConfigError } from './errors.js'
import { PublicUrl } from './public-url.js'
import {
  type AnySection,
  httpUrl,
  int,
  type RawEnv,
  repoRoot,
  type SectionContext,
  type UnionToIntersection,
} from './section.js'

/** PGlite's folder, from the repository root. */
const DEFAULT_DATA_DIR = '.data/cloud'

/** The variables every service shares: where the cloud listens, its database, its public address, its limits. */
const coreSchema = z.object({
  CLOUD_PORT: int(0, 65535).default(8787),
  CLOUD_HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  CLOUD_DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  CLOUD_PUBLIC_URL: httpUrl.optional(),
  CLOUD_ALLOWED_HOSTS: z
    .string()
    .regex(/^[a-z0-9.-]+(?:,[a-z0-9.-]+)*$/i, 'host names separated by commas, like cloud,cloud.internal')
    .transform((value) => value.toLowerCase().split(','))
    .optional(),
  CLOUD_TRUST_PROXY: trustProxySchema.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  CLOUD_RATE_LIMIT_MAX: int(1, 10_000_000).default(6000),
  CLOUD_RATE_LIMIT_WINDOW_MS: int(1, 86_400_000).default(60_000),
  NODE_ENV: z.string().optional(),
})

export type CoreConfig = {
  port: number
  host: string
  /** Set: node-postgres against that server. Unset: PGlite in `dataDir`. */
  databaseUrl: string | undefined
  /** PGlite folder, or `memory://` for a throw-away database. */
  dataDir: string
  /** Base of the cloud's absolute URLs: `CLOUD_PUBLIC_URL`, else the listening address. */
  publicUrl: PublicUrl
  /** Names besides the public URL's host that requests may send as `Host` (DNS rebinding finds no other). */
  allowedHosts: string[]
  /** Behind a reverse proxy: which X-Forwarded-For hops name the client (every per-address limit counts it). */
  trustProxy: TrustProxy
  /** Default `warn` in development (no request lines: `info` logs every request), `info` in production. */
  logLevel: NonNullable<z.infer<typeof coreSchema>['LOG_LEVEL']>
  rateLimit: { max: number; windowMs: number }
}

/** The core's values and every section's (docs/configuration.md). */
export type ConfigOf<Section extends AnySection> = CoreConfig &
  UnionToIntersection<ReturnType<Section['read']>>

export type ConfigOverrides = { port?: number; host?: string; databaseUrl?: string; dataDir?: string }

/**
 * A relative folder is taken from the repository root, so the server (started from the root) and the
 * admin CLI (run by npm from the workspace folder) agree on it.
 */
function dataDirOf(value: string): string {
  return value.startsWith('memory://') ? value : resolve(repoRoot, value)
}

const issuesOf = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)

/**
 * Parses the environment (empty values count as unset) into the core's values and each section's, read in the
 * sections' order (their issues are listed in it); explicit overrides win. Throws ConfigError.
 */
export function readConfig<Section extends AnySection>(
  sections: readonly Section[],
  env: RawEnv,
  overrides: ConfigOverrides,
): ConfigOf<Section> {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  // Every variable is checked before any is read, so one start names every bad value.
  const core = coreSchema.safeParse(present)
  const values = sections.map((section) => z.object(section.env).safeParse(present))
  const issues = [core, ...values].flatMap((parsed) => (parsed.success ? [] : issuesOf(parsed.error)))
  const variables = sections.map((section) => section.variables?.(env, issues))
  if (!core.success || issues.length > 0) throw new ConfigError(issues)
  const e = core.data
  const port = overrides.port ?? e.CLOUD_PORT
  const host = overrides.host ?? e.CLOUD_HOST
  const context: SectionContext = {
    production: e.NODE_ENV === 'production',
    dataDir: dataDirOf(overrides.dataDir ?? e.CLOUD_DATA_DIR),
    issues,
  }
  const parts = sections.map((section, index) =>
    // Each section reads the values its own schema made (checked above).
    (section.read as (values: unknown, context: unknown) => object)(values[index]?.data, {
      ...context,
      parsed: variables[index],
    }),
  )
  if (issues.length > 0) throw new ConfigError(issues)
  const coreConfig: CoreConfig = {
    port,
    host,
    databaseUrl: overrides.databaseUrl ?? e.DATABASE_URL,
    dataDir: context.dataDir,
    publicUrl: new PublicUrl(e.CLOUD_PUBLIC_URL?.replace(/\/+$/, ''), host, port),
    allowedHosts: e.CLOUD_ALLOWED_HOSTS ?? [],
    trustProxy: e.CLOUD_TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'production' ? 'info' : 'warn'),
    rateLimit: { max: e.CLOUD_RATE_LIMIT_MAX, windowMs: e.CLOUD_RATE_LIMIT_WINDOW_MS },
  }
  return Object.assign(coreConfig, ...parts) as ConfigOf<Section>
}
