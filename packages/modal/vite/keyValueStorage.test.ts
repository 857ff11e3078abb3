import { IDBFactory } from 'fake-indexeddb'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { KeyValueStorage, parseStored, storedKey } from './keyValueStorage'

type Storage = {
  getKeys(): Promise<string[]>
  getEntries(): Promise<[string, unknown][]>
  getItem(key: string): Promise<unknown>
  setItem(key: string, value: unknown): Promise<void>
  removeItem(key: string): Promise<void>
}

/** The package this file replaces, in its browser build (its Node build writes files). */
const original = async (): Promise<Storage> => {
  const { KeyValueStorage: Original } = await import(
    // @ts-expect-error: the browser build has no type declarations of its own
    '@walletconnect/keyvaluestorage/dist/index.es.js'
  )
  return new Original()
}

const SESSION = {
  topic: 'a1b2',
  expiry: 1_900_000_000,
  namespaces: { eip155: { accounts: ['eip155:1:0xabc'], methods: ['personal_sign'], events: [] } },
  big: 12n,
}

describe("WalletConnect's key-value storage on IndexedDB", () => {
  beforeEach(() => {
    // A fresh browser profile for each test: IndexedDB and localStorage (read by the package when it migrates).
    vi.stubGlobal('indexedDB', new IDBFactory())
    vi.stubGlobal('localStorage', Object.create(null))
  })

  it('reads what @walletconnect/keyvaluestorage stored, so sessions survive the swap', async () => {
    const before = await original()
    await before.setItem('wc@2:client:0.3//session', [SESSION])
    await before.setItem('wc@2:core:0.3//keychain', { a1b2: 'ff00' })
    await before.setItem('WALLETCONNECT_CLIENT_ID', 'did:key:z6Mk')

    const after = new KeyValueStorage()
    expect(await after.getItem('wc@2:client:0.3//session')).toEqual([{ ...SESSION, big: '12n' }])
    expect(await after.getItem('wc@2:core:0.3//keychain')).toEqual({ a1b2: 'ff00' })
    expect(await after.getItem('WALLETCONNECT_CLIENT_ID')).toBe('did:key:z6Mk')
    expect(await after.getItem('wc@2:core:0.3//messages')).toBeUndefined()
    expect((await after.getKeys()).sort()).toEqual((await before.getKeys()).sort())
    expect(await after.getEntries()).toEqual(await before.getEntries())
  })

  it('writes what @walletconnect/keyvaluestorage reads back the same', async () => {
    const ours = new KeyValueStorage()
    await ours.setItem('wc@2:client:0.3//session', [SESSION])
    await ours.setItem('wc@2:core:0.3//history', 'plain text')
    await ours.setItem('wc@2:core:0.3//gone', { x: 1 })
    await ours.removeItem('wc@2:core:0.3//gone')

    const theirs = await original()
    expect(await theirs.getItem('wc@2:client:0.3//session')).toEqual(
      await ours.getItem('wc@2:client:0.3//session'),
    )
    expect(await theirs.getItem('wc@2:core:0.3//history')).toBe('plain text')
    expect(await theirs.getItem('wc@2:core:0.3//gone')).toBeUndefined()
    expect((await theirs.getKeys()).sort()).toEqual(['wc@2:client:0.3:session', 'wc@2:core:0.3:history'])
  })

  it('writes keys as unstorage did and parses values as destr did', () => {
    expect(storedKey('wc@2:core:0.3//keychain')).toBe('wc@2:core:0.3:keychain')
    expect(storedKey('/a\\b::c/?query')).toBe('a:b:c')
    expect(parseStored('{"a":[1,"2"]}')).toEqual({ a: [1, '2'] })
    expect(parseStored('not json')).toBe('not json')
    expect(parseStored('42')).toBe(42)
    expect(Object.getPrototypeOf(parseStored('{"__proto__":{"polluted":true}}'))).toBe(Object.prototype)
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
  })
})
