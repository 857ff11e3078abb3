import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { openVault, shareKey } from './vault'

describe('vault', () => {
  it('keeps values across openings of the same database, and deletes them', async () => {
    const indexedDB = new IDBFactory()
    const vault = openVault(indexedDB)
    await vault.set('deviceId', 'device-1234567890ab')
    await vault.set(shareKey('0xABCDEF'), '0x01')
    const again = openVault(indexedDB)
    expect(await again.get('deviceId')).toBe('device-1234567890ab')
    expect(await again.get('share:0xabcdef')).toBe('0x01')
    await again.delete('deviceId')
    expect(await vault.get('deviceId')).toBeUndefined()
  })
})

describe('vault scopes', () => {
  it('keeps one project and host site apart from another', async () => {
    const indexedDB = new IDBFactory()
    const shop = openVault(indexedDB, { projectId: 'shop', hostOrigin: 'https://shop.example' })
    await shop.set('session', { token: 't', email: 'a@example.com' })
    expect(
      await openVault(indexedDB, { projectId: 'shop', hostOrigin: 'https://shop.example' }).get('session'),
    ).toEqual({
      token: 't',
      email: 'a@example.com',
    })
    for (const scope of [
      { projectId: 'other', hostOrigin: 'https://shop.example' },
      { projectId: 'shop', hostOrigin: 'https://other.shop.example' },
    ])
      expect(await openVault(indexedDB, scope).get('session')).toBeUndefined()
  })
})
