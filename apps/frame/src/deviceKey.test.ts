import {
  DEVICE_KEY_HEADER,
  DEVICE_PROOF_HEADER,
  DEVICE_PROOF_PATTERN,
  deviceProofMessage,
} from '@allaccess/protocol'
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createDeviceKey } from './deviceKey'
import { openVault } from './vault'

const fromBase64url = (text: string) => Uint8Array.from(Buffer.from(text, 'base64url'))

describe('the device key', () => {
  it('is made once per browser, kept non-extractable, and signs each request with a fresh nonce', async () => {
    const indexedDB = new IDBFactory()
    const vault = openVault(indexedDB)
    const path = '/v1/embedded/shares?projectId=allaccess-local'
    const first = await createDeviceKey(vault, () => 1_000).headers('GET', path)
    const again = await createDeviceKey(openVault(indexedDB), () => 2_000).headers('GET', path)
    expect(again[DEVICE_KEY_HEADER]).toBe(first[DEVICE_KEY_HEADER])

    const stored = await vault.get<CryptoKeyPair>('deviceKey')
    expect(stored?.privateKey.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('pkcs8', stored?.privateKey as CryptoKey)).rejects.toThrow()
    await expect(crypto.subtle.exportKey('jwk', stored?.privateKey as CryptoKey)).rejects.toThrow()

    const [, time, nonce, signature] = DEVICE_PROOF_PATTERN.exec(first[DEVICE_PROOF_HEADER] ?? '') ?? []
    const [, , otherNonce] = DEVICE_PROOF_PATTERN.exec(again[DEVICE_PROOF_HEADER] ?? '') ?? []
    expect(time).toBe('1000')
    expect(otherNonce).not.toBe(nonce)
    const publicKey = await crypto.subtle.importKey(
      'raw',
      fromBase64url(first[DEVICE_KEY_HEADER] ?? ''),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    )
    const verifies = (message: string) =>
      crypto.subtle.verify(
        { name: 'ECDSA', hash: 'SHA-256' },
        publicKey,
        fromBase64url(signature ?? ''),
        new TextEncoder().encode(message),
      )
    expect(await verifies(deviceProofMessage('GET', path, 1000, nonce ?? ''))).toBe(true)
    expect(await verifies(deviceProofMessage('PUT', path, 1000, nonce ?? ''))).toBe(false)
  })

  it('is another key for another vault scope (project or host site)', async () => {
    const indexedDB = new IDBFactory()
    const key = (hostOrigin: string, projectId = 'allaccess-local') =>
      createDeviceKey(openVault(indexedDB, { projectId, hostOrigin }))
        .headers('GET', '/v1/embedded/session?projectId=x')
        .then((headers) => headers[DEVICE_KEY_HEADER])
    const here = await key('https://shop.example')
    expect(await key('https://shop.example')).toBe(here)
    expect(await key('https://other.example')).not.toBe(here)
    expect(await key('https://shop.example', 'another-project')).not.toBe(here)
  })
})
