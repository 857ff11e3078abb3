import { fileURLToPath } from 'node:url'
import { z } from 'zod'

/** Repository root: relative paths in the configuration are taken from there, whatever the working directory. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))

export type RawEnv = Record<string, string | undefined>

/** What every section may read besides its own variables: the core's values every service shares. */
export type SectionContext = {
  production: boolean
  /** The PGlite folder (absolute), or `memory://…`. */
  dataDir: string
  /** Problems found while reading; the cloud refuses to start when there is any. */
  issues: string[]
}

/**
 * One service's share of the environment: its variables (a zod shape, validated with every other section's before
 * any is read), `variables` for the ones named by pattern (like `RPC_UPSTREAM_<chainId>`, always read so every bad
 * value is named at once), and `read`, which makes the service's part of the configuration once all is valid.
 */
export type ConfigSection<Shape extends z.ZodRawShape, Parsed, Config extends object> = {
  env: Shape
  variables?: (env: RawEnv, issues: string[]) => Parsed
  read(values: z.infer<z.ZodObject<Shape>>, context: SectionContext & { parsed: Parsed }): Config
}

// biome-ignore lint/suspicious/noExplicitAny: a section of any shape; its reader only sees what it makes
export type AnySection<Part extends object = object> = ConfigSection<any, any, Part>

export type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (
  part: infer I,
) => void
  ? I
  : never

export function defineConfig<Shape extends z.ZodRawShape, Config extends object, Parsed = undefined>(
  section: ConfigSection<Shape, Parsed, Config>,
): ConfigSection<Shape, Parsed, Config> {
  return section
}

// The value shapes the sections share.
export const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max)
export const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true')
export const httpUrl = z.url({ protocol: /^https?$/ })
export const privateKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/, '0x and 64 hex digits')
