import { describe, expect, it } from 'vitest'
import { withoutOtherChainsHashes } from './withoutOtherChainsHashes.js'

const UTILS = '/repo/node_modules/@walletconnect/utils/dist/index.js'
const plugin = withoutOtherChainsHashes()
const resolve = (source: string, importer?: string) =>
  (plugin.resolveId as (source: string, importer?: string) => string | null)(source, importer)
const load = (id: string) => (plugin.load as (id: string) => string | null)(id)

describe("the build without WalletConnect's Algorand and Polkadot hashing", () => {
  it("swaps msgpack and blakejs for a stub only where WalletConnect's utils import them", () => {
    const stub = resolve('@msgpack/msgpack', UTILS)
    expect(stub).toBeTruthy()
    expect(resolve('blakejs', UTILS)).toBe(stub)
    expect(resolve('@noble/hashes/blake2', UTILS)).toBe(stub)
    expect(resolve('@msgpack/msgpack', '/repo/src/main.ts')).toBeNull()
    expect(resolve('@noble/hashes/sha2', UTILS)).toBeNull()
    expect(resolve('detect-browser', UTILS)).toBeNull()
  })

  it('gives the names the utils import, each throwing if ever called', async () => {
    const code = load(resolve('blakejs', UTILS) ?? '') ?? ''
    const stub = await import(`data:text/javascript,${encodeURIComponent(code)}`)
    for (const name of ['blake2b', 'decode', 'encode']) expect(() => stub[name]()).toThrow(/only eip155/)
    expect(load('/repo/src/main.ts')).toBeNull()
  })
})
