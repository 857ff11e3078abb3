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
