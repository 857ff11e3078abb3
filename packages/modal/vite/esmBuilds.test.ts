import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { esmBuilds } from './esmBuilds.js'

const CORE = '/repo/node_modules/@walletconnect/core/dist/index.js'
const require = createRequire(import.meta.url)
type Resolved = { id: string } | null
const resolveId = esmBuilds().resolveId as unknown as (
  this: { resolve: (source: string) => Promise<Resolved> },
  source: string,
  importer?: string,
  options?: object,
) => Promise<Resolved>
/** Resolves as Node does, to the package's CommonJS `main`. */
const context = { resolve: async (source: string) => ({ id: require.resolve(source) }) }

describe("WalletConnect's time and environment helpers in their ES module build", () => {
  it.each(['@walletconnect/time', '@walletconnect/environment'])(
    'resolves %s to dist/esm, a build with the same exports and no tslib',
    async (source) => {
      const resolved = await resolveId.call(context, source, CORE, {})
      expect(resolved?.id).toMatch(/\/dist\/esm\/index\.js$/)
      expect(existsSync(resolved?.id ?? '')).toBe(true)
      expect(Object.keys(await import(resolved?.id ?? '')).sort()).toEqual(
        Object.keys(require(source)).sort(),
      )
    },
  )

  it("leaves other packages and other importers' imports alone", async () => {
    expect(await resolveId.call(context, '@walletconnect/utils', CORE, {})).toBeNull()
    expect(await resolveId.call(context, '@walletconnect/time', '/repo/src/main.ts', {})).toBeNull()
  })
})
