import { randomBytes } from 'node:crypto'
import { type RunningCloud, startCloud } from '@allaccess/cloud'
import { waitForCode, waitForLink } from '@allaccess/testkit/mailbox'
import { IDBFactory } from 'fake-indexeddb'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CloudError } from './cloudApi'
import { TEST_PROJECT_ID, testWallet } from './testing/browser'
import { openVault } from './vault'
import { NotSignedInError } from './wallet'

let cloud: RunningCloud
let mailbox: string
let offset = 0
/** The cloud's clock, which the frames' device proofs follow. */
const now = () => Date.now() + offset
/** Steps the cloud's clock past the 30 s between code e-mails to one address. */
const pastThrottle = () => {
  offset += 31_000
}

beforeAll(async () => {
  cloud = await startCloud({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    env: { NODE_ENV: 'development', LOG_LEVEL: 'silent', INDEXER: '0', EMBEDDED_SENDS_PER_IP: '100000' },
  })
  mailbox = cloud.mailboxUrl ?? ''
  cloud.services.embedded.now = now
}, 60_000)
afterAll(() => cloud?.close())

/** One browser: its own IndexedDB, so its own device id, device key, session and device share. */
const browser = (sessionEnded?: () => Promise<void>) =>
  testWallet(cloud.url, { now, ...(sessionEnded ? { sessionEnded } : {}) })
const newEmail = () => `frame-${randomBytes(5).toString('hex')}@example.com`

async function signIn(wallet: ReturnType<typeof browser>, email: string) {
  const after = Date.now()
  expect(await wallet.connectEmail(email)).toBe('VERIFY_OTP')
  expect(await wallet.connectOtp(await waitForCode(mailbox, email, { after }))).toBe('CONNECT')
}

/** A second browser of `email`'s user: the code, then VERIFY_DEVICE, and the approval link signs it in. */
async function signInSecond(email: string) {
  const second = browser()
  pastThrottle()
  const after = Date.now()
  expect(await second.connectEmail(email)).toBe('VERIFY_OTP')
  expect(await second.connectOtp(await waitForCode(mailbox, email, { after }))).toBe('VERIFY_DEVICE')
  const waiting = second.connectDevice(AbortSignal.timeout(30_000))
  const approved = await fetch(await waitForLink(mailbox, email, { after }), { method: 'POST' })
  expect(approved.status).toBe(200)
  await waiting
  return second
}

describe('the frame wallet against the real cloud and mailbox', () => {
  it('a new user: code → a wallet whose key signs; a reload (new frame, same storage) is the same wallet', async () => {
    const email = newEmail()
    const indexedDB = new IDBFactory()
    const wallet = testWallet(cloud.url, { indexedDB, now })
    await expect(wallet.user()).rejects.toBeInstanceOf(NotSignedInError)
    await signIn(wallet, email)
    const user = await wallet.user()
    expect(user.email).toBe(email)
    const signature = await (await wallet.account()).signMessage({ message: 'hello' })
    expect(await verifyMessage({ address: user.address, message: 'hello', signature })).toBe(true)

    const reloaded = testWallet(cloud.url, { indexedDB, now })
    expect(await reloaded.isConnected()).toBe(true)
    expect(await reloaded.connectEmail(email)).toBe('CONNECT')
    expect((await reloaded.user()).address).toBe(user.address)
  })

  it('a second device: a code like any address → VERIFY_DEVICE → the link signs it in: the same address, rebuilt from auth + the sealed recovery share', async () => {
    const email = newEmail()
    const first = browser()
    await signIn(first, email)
    const { address } = await first.user()
    const second = await signInSecond(email)
    expect((await second.user()).address).toBe(address)
    // One secret, two families: the Solana account comes back with the shares too.
    expect((await second.user()).solanaAddress).toBe((await first.user()).solanaAddress)
  })

  it('sign out everywhere: every session of the user ends, on the other device too', async () => {
    const email = newEmail()
    const first = browser()
    await signIn(first, email)
    await first.user()
    const second = await signInSecond(email)
    await second.signOutEverywhere()
    expect(await second.isConnected()).toBe(false)
    expect(await first.isConnected()).toBe(false)
  })

  it("a session token copied out of the frame's storage into another client gets no share and no signature", async () => {
    const email = newEmail()
    const indexedDB = new IDBFactory()
    const victim = testWallet(cloud.url, { indexedDB, now })
    await signIn(victim, email)
    const { address } = await victim.user()
    // What a script or an extension reads out of the frame's storage: the session and the device id.
    const stolen = openVault(indexedDB)
    const session = await stolen.get<{ token: string }>('session')
    const deviceId = await stolen.get<string>('deviceId')
    expect(session?.token).toMatch(/^[A-Za-z0-9_-]{43}$/)

    // A plain HTTP client with the token: neither share, nor the session's user.
    for (const path of ['/v1/embedded/shares', '/v1/embedded/session']) {
      const response = await fetch(`${cloud.url}${path}?projectId=${TEST_PROJECT_ID}`, {
        headers: { authorization: `Bearer ${session?.token}` },
      })
      expect(response.status).toBe(401)
      expect(await response.text()).not.toContain(address.slice(2).toLowerCase())
    }
    // Another browser's frame with the copied session and device id (but its own device key): no key, nothing signed.
    const otherIndexedDB = new IDBFactory()
    const planted = openVault(otherIndexedDB)
    await planted.set('session', session)
    await planted.set('deviceId', deviceId)
    const thief = testWallet(cloud.url, { indexedDB: otherIndexedDB, now })
    const refused = await thief.account().then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(CloudError)
    expect((refused as CloudError).status).toBe(401)
    await expect(thief.account()).rejects.toBeInstanceOf(NotSignedInError)

    // The victim's frame still holds its wallet.
    const again = testWallet(cloud.url, { indexedDB, now })
    expect((await again.user()).address).toBe(address)
  })

  it('sign-out forgets the session here and ends it in the cloud, and what goes with it (the permissions)', async () => {
    const email = newEmail()
    let ended = 0
    const wallet = browser(async () => void ended++)
    await signIn(wallet, email)
    await wallet.user()
    expect(ended).toBe(0)
    await wallet.signOut()
    expect(ended).toBe(1)
    expect(await wallet.isConnected()).toBe(false)
    await expect(wallet.account()).rejects.toBeInstanceOf(NotSignedInError)
  })

  it('export: only after a fresh code, and the key is the wallet’s', async () => {
    const email = newEmail()
    const wallet = browser()
    await signIn(wallet, email)
    const { address } = await wallet.user()
    await expect(wallet.exportKey('000000')).rejects.toThrow()
    const after = Date.now()
    pastThrottle()
    await wallet.startExport({ hostOrigin: 'http://localhost:5173', showLink: () => {} })
    const key = await wallet.exportKey(await waitForCode(mailbox, email, { after }))
    const { privateKeyToAddress } = await import('viem/accounts')
    expect(privateKeyToAddress(key)).toBe(address)
    // The Solana key the export shows beside it is the wallet's Solana account's.
    const { exportSolanaKey } = await import('./solana/keys')
    expect((await exportSolanaKey(key)).address).toBe((await wallet.user()).solanaAddress)
  })
})
