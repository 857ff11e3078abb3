import { describe, expect, it } from 'vitest'
import { migrateStorageKeys, STORAGE_PREFIX, storageKey } from './storage'

/** The page's storage over a map the test reads (the kernel's tests use nothing of the modal's test support). */
const memoryStorage = (map: Map<string, string>) => ({
  getItem: (key: string) => map.get(key) ?? null,
  setItem: (key: string, value: string) => void map.set(key, value),
  removeItem: (key: string) => void map.delete(key),
})

describe('one storage key prefix', () => {
  it("is 'allaccess.'", () => {
    expect(STORAGE_PREFIX).toBe('allaccess.')
    expect(storageKey('recentWallets')).toBe('allaccess.recentWallets')
  })

  it('moves recent wallets and the balance and name caches from the former prefix, and removes the former keys', () => {
    const kept = new Map([
      ['@allaccess/recentWallets', '[{"id":"io.metamask","name":"MetaMask"}]'],
      ['@allaccess/balances', '{"a":{"at":1,"data":2}}'],
      ['@allaccess/identities', '{}'],
      ['@allaccess/other', 'not ours to move'],
    ])
    migrateStorageKeys(memoryStorage(kept))
    expect(Object.fromEntries(kept)).toEqual({
      'allaccess.recentWallets': '[{"id":"io.metamask","name":"MetaMask"}]',
      'allaccess.balances': '{"a":{"at":1,"data":2}}',
      'allaccess.identities': '{}',
      '@allaccess/other': 'not ours to move',
    })
  })

  it('keeps a value already under the new key (it is newer) and still removes the former one', () => {
    const kept = new Map([
      ['@allaccess/recentWallets', '["old"]'],
      ['allaccess.recentWallets', '["new"]'],
    ])
    migrateStorageKeys(memoryStorage(kept))
    expect(Object.fromEntries(kept)).toEqual({ 'allaccess.recentWallets': '["new"]' })
  })

  it('leaves a storage that throws, or none, as it is', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {},
    }
    expect(() => migrateStorageKeys(throwing)).not.toThrow()
    expect(() => migrateStorageKeys(undefined)).not.toThrow()
  })
})
