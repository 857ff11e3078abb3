import * as walletConnect from '@walletconnect/relay-auth'
import { describe, expect, it } from 'vitest'
import { ownRelayAuth } from './ownRelayAuth.js'
import { decodeJWT, encodeIss, generateKeyPair, signJWT } from './relayAuth'

const seed = Uint8Array.from({ length: 32 }, (_, index) => index * 7 + 1)
const RELAY = 'ws://127.0.0.1:1/relay'
const SUB = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90'

describe("the relay's client authentication, in place of @walletconnect/relay-auth", () => {
  it('derives the same key pair and did:key issuer from a seed', () => {
    const ours = generateKeyPair(seed)
    const theirs = walletConnect.generateKeyPair(seed)
    expect(ours).toEqual(theirs)
    expect(encodeIss(ours.publicKey)).toBe(walletConnect.encodeIss(theirs.publicKey))
    expect(encodeIss(ours.publicKey)).toMatch(/^did:key:z6Mk/)
  })

  it('signs byte for byte the JWT WalletConnect signs, which its verifier accepts', async () => {
    const iat = 1_795_624_441
    const ours = await signJWT(SUB, RELAY, 86_400, generateKeyPair(seed), iat)
    expect(ours).toBe(
      await walletConnect.signJWT(SUB, RELAY, 86_400, walletConnect.generateKeyPair(seed), iat),
    )
    expect(await walletConnect.verifyJWT(ours)).toBe(true)
    // Without `iat`, the JWT is issued now.
    const now = Math.floor(Date.now() / 1000)
    const { payload } = decodeJWT(await signJWT(SUB, RELAY, 60, generateKeyPair(seed)))
    expect(payload.iat).toBeGreaterThanOrEqual(now)
    expect(payload.exp).toBe(payload.iat + 60)
  })

  it('decodes a JWT into the same parts', async () => {
    const jwt = await walletConnect.signJWT(
      SUB,
      RELAY,
      60,
      walletConnect.generateKeyPair(seed),
      1_700_000_000,
    )
    expect(decodeJWT(jwt)).toEqual(walletConnect.decodeJWT(jwt))
    expect(decodeJWT(jwt).payload).toMatchObject({ sub: SUB, aud: RELAY, iat: 1_700_000_000 })
  })

  it("replaces the package only for WalletConnect's own modules", () => {
    const resolve = ownRelayAuth().resolveId as (source: string, importer?: string) => string | null
    expect(
      resolve('@walletconnect/relay-auth', '/repo/node_modules/@walletconnect/core/dist/index.js'),
    ).toMatch(/modal\/vite\/relayAuth\.ts$/)
    expect(resolve('@walletconnect/relay-auth', '/repo/apps/cloud/src/relay.ts')).toBeNull()
    expect(resolve('@walletconnect/time', '/repo/node_modules/@walletconnect/core/dist/index.js')).toBeNull()
  })
})
