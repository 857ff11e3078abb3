import { randomBytes } from 'node:crypto'
import { type RunningCloud, startCloud } from '@allaccess/cloud'
import { waitForCode, waitForLink } from '@allaccess/testkit/mailbox'
import { IDBFactory } from 'fake-indexeddb'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCloudApi } from './cloudApi'
import { openVault } from './vault'
import { createWallet, NotSignedInError } from './wallet'

let cloud: RunningCloud
let mailbox: string
let offset = 0
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
  cloud.services.embedded.now = () => Date.now() + offset
}, 60_000)
afterAll(() => cloud?.close())

/** One browser: its own IndexedDB, so its own device id, session and device share. */
const browser = (sessionEnded?: () => Promise<void>) =>
  createWallet({
    cloud: createCloudApi({ cloudUrl: cloud.url, projectId: 'allaccess-local' }),
    vault: openVault(new IDBFactory()),
    ...(sessionEnded ? { sessionEnded } : {}),
  })
const newEmail = () => `frame-${randomBytes(5).toString('hex')}@example.com`

async function signIn(wallet: ReturnType<typeof browser>, email: string) {
  const after = Date.now()
  expect(await wallet.connectEmail(email)).toBe('VERIFY_OTP')
  await wallet.connectOtp(await waitForCode(mailbox, email, { after }))
}

describe('the frame wallet against the real cloud and mailbox', () => {
  it('a new user: code → a wallet whose key signs; a reload (new frame, same storage) is the same wallet', async () => {
    const email = newEmail()
    const indexedDB = new IDBFactory()
    const api = createCloudApi({ cloudUrl: cloud.url, projectId: 'allaccess-local' })
    const wallet = createWallet({ cloud: api, vault: openVault(indexedDB) })
    await expect(wallet.user()).rejects.toBeInstanceOf(NotSignedInError)
    await signIn(wallet, email)
    const user = await wallet.user()
    expect(user.email).toBe(email)
    const signature = await (await wallet.account()).signMessage({ message: 'hello' })
    expect(await verifyMessage({ address: user.address, message: 'hello', signature })).toBe(true)

    const reloaded = createWallet({ cloud: api, vault: openVault(indexedDB) })
    expect(await reloaded.isConnected()).toBe(true)
    expect(await reloaded.connectEmail(email)).toBe('CONNECT')
    expect((await reloaded.user()).address).toBe(user.address)
  })

  it('a second device: VERIFY_DEVICE → the link → a code → the same address, rebuilt from auth + recovery', async () => {
    const email = newEmail()
    const first = browser()
    await signIn(first, email)
    const { address } = await first.user()

    const second = browser()
    const after = Date.now()
    pastThrottle()
    expect(await second.connectEmail(email)).toBe('VERIFY_DEVICE')
    const waiting = second.connectDevice(AbortSignal.timeout(30_000))
    const link = await waitForLink(mailbox, email, { after })
    pastThrottle()
    const approved = await fetch(link, { method: 'POST' })
    expect(approved.status).toBe(200)
    await waiting
    await second.connectOtp(await waitForCode(mailbox, email, { after }))
    expect((await second.user()).address).toBe(address)
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
  })
})
