import { describe, expect, it } from 'vitest'
import { RECENT_WALLETS_KEY, readRecentWallets, rememberRecentWallet } from './recentWallets'

// The behaviour these tests check: docs/behaviour.md#wallet-picker.

function memory(seed?: string) {
  const items = new Map<string, string>(seed ? [[RECENT_WALLETS_KEY, seed]] : [])
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

describe('Recent wallets kept: 2', () => {
  it('keeps the last two, newest first, under the storage prefix', () => {
    const storage = memory()
    rememberRecentWallet(storage, { id: 'a', name: 'A' })
    rememberRecentWallet(storage, { id: 'b', name: 'B' })
    rememberRecentWallet(storage, { id: 'c', name: 'C' })
    expect(readRecentWallets(storage).map((wallet) => wallet.id)).toEqual(['c', 'b'])
    expect(RECENT_WALLETS_KEY).toBe('allaccess.recentWallets')
  })

  it('moves a wallet used again to the front instead of keeping two copies (by id or rdns)', () => {
    const storage = memory()
    rememberRecentWallet(storage, { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' })
    rememberRecentWallet(storage, { id: 'b', name: 'B' })
    rememberRecentWallet(storage, { id: 'metamask', name: 'MetaMask', rdns: 'io.metamask' })
    expect(readRecentWallets(storage).map((wallet) => wallet.id)).toEqual(['metamask', 'b'])
  })

  it('ignores corrupt or foreign storage content', () => {
    expect(readRecentWallets(memory('{oops'))).toEqual([])
    expect(readRecentWallets(memory('{"id":1}'))).toEqual([])
    expect(readRecentWallets(memory('[{"id":"a"},{"id":"b","name":"B"}]'))).toEqual([{ id: 'b', name: 'B' }])
    expect(readRecentWallets(undefined)).toEqual([])
  })

  it('survives a storage that refuses writes', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(rememberRecentWallet(refusing, { id: 'a', name: 'A' })).toEqual([{ id: 'a', name: 'A' }])
  })
})
