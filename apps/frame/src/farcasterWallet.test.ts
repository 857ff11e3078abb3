import { type AnvilInstance, deployAll, startAnvil } from '@allaccess/chain'
import { type RunningCloud, startCloud } from '@allaccess/cloud'
import { FARCASTER_TEXTS } from '@allaccess/protocol'
import {
  createFarcasterClient,
  type FarcasterUser,
  registerFarcasterUser,
} from '@allaccess/testkit/farcaster'
import { IDBFactory } from 'fake-indexeddb'
import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testWallet, userApprovedBy } from './testing/browser'
import { EXPORT_NOT_FRESH_TEXT, ExportNotAllowedError, NotSignedInError } from './wallet'

let anvil: AnvilInstance
let cloud: RunningCloud
let alice: FarcasterUser
let bob: FarcasterUser

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
  cloud = await startCloud({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    env: { NODE_ENV: 'development', LOG_LEVEL: 'silent', INDEXER: '0', RPC_UPSTREAM_31337: anvil.rpcUrl },
  })
  alice = await registerFarcasterUser(anvil.rpcUrl, { username: 'alice' })
  bob = await registerFarcasterUser(anvil.rpcUrl, { username: 'bob' })
}, 60_000)
afterAll(async () => {
  await cloud?.close()
  await anvil?.stop()
})

const browser = (indexedDB = new IDBFactory()) => testWallet(cloud.url, { indexedDB })
/** The page the frame is embedded in (on the local project's allowlist). */
const HOST = 'http://localhost:5173'
const farcasterApp = (user: FarcasterUser) => createFarcasterClient({ relay: cloud.url, user })

/** The first browser signed in to alice's fid holds its wallet: it approves her later browsers. */
let holder: ReturnType<typeof browser> | undefined

describe('Sign In With Farcaster in the frame wallet, against the real cloud and the devnet ID registry', () => {
  it("a fid's wallet whose key signs; a second browser rebuilds the same key", async () => {
    const wallet = browser()
    const url = await wallet.farcasterUri(HOST)
    expect(new URL(url).searchParams.get('domain')).toBe('localhost:5173')
    const connected = wallet.connectFarcaster(new AbortController().signal)
    const approval = await farcasterApp(alice).approve(url)
    expect(approval.status).toBe(201)
    await connected
    // Approved, but no session until the code the Farcaster app showed its approver is typed in.
    expect(await wallet.hasSession()).toBe(false)
    expect(await wallet.completeFarcaster(approval.completion ?? '')).toEqual({
      email: null,
      provider: 'farcaster',
      username: 'alice',
    })
    const user = await wallet.user()
    holder = wallet
    const signature = await (await wallet.account()).signMessage({ message: 'hi' })
    expect(await verifyMessage({ address: user.address, message: 'hi', signature })).toBe(true)

    const elsewhere = browser()
    const again = await elsewhere.farcasterUri(HOST)
    const second = elsewhere.connectFarcaster(new AbortController().signal)
    const approvedAgain = await farcasterApp(alice).approve(again)
    await second
    await elsewhere.completeFarcaster(approvedAgain.completion ?? '')
    // The phishable part (a link approved, a code typed) alone gets no key: the first browser approves this one.
    const watching = new AbortController()
    const watched = wallet.watchNewDevices(async () => true, watching.signal)
    expect((await elsewhere.user()).address).toBe(user.address)
    expect(await elsewhere.isConnected()).toBe(true)
    watching.abort()
    await watched
  })

  it("an approval signed by another key is refused to its sender only: no session, and the user's own still signs in", async () => {
    const wallet = browser()
    const url = await wallet.farcasterUri(HOST)
    const connected = wallet.connectFarcaster(new AbortController().signal)
    const forged = await farcasterApp(alice).approve(url, { signWith: generatePrivateKey() })
    expect(forged.body).toMatchObject({ message: FARCASTER_TEXTS.invalidSignature })
    expect(await wallet.hasSession()).toBe(false)
    const approval = await farcasterApp(alice).approve(url)
    await connected
    expect(await wallet.completeFarcaster(approval.completion ?? '')).toMatchObject({ username: 'alice' })
  })

  it('a wrong completion code is refused and ends the sign-in: no session, the right code is too late', async () => {
    const wallet = browser()
    const url = await wallet.farcasterUri(HOST)
    const connected = wallet.connectFarcaster(new AbortController().signal)
    const approval = await farcasterApp(alice).approve(url)
    await connected
    const wrong = approval.completion === '000000' ? '000001' : '000000'
    await expect(wallet.completeFarcaster(wrong)).rejects.toThrow(FARCASTER_TEXTS.badCompletion)
    await expect(wallet.completeFarcaster(approval.completion ?? '')).rejects.toBeInstanceOf(NotSignedInError)
    expect(await wallet.hasSession()).toBe(false)
  })

  it('connectFarcaster without a sign-in started is refused, and a host that gives up stops the wait', async () => {
    const wallet = browser()
    await expect(wallet.connectFarcaster(new AbortController().signal)).rejects.toBeInstanceOf(
      NotSignedInError,
    )
    await wallet.farcasterUri(HOST)
    const gaveUp = new AbortController()
    const connected = wallet.connectFarcaster(gaveUp.signal)
    gaveUp.abort()
    await expect(connected).rejects.toThrow()
    expect(await wallet.hasSession()).toBe(false)
  })
})

describe("a Farcaster user's key export: the session's fid approves again", () => {
  async function signedIn() {
    const wallet = browser()
    const url = await wallet.farcasterUri(HOST)
    const connected = wallet.connectFarcaster(new AbortController().signal)
    const approval = await farcasterApp(alice).approve(url)
    await connected
    await wallet.completeFarcaster(approval.completion ?? '')
    const { address } = holder ? await userApprovedBy(holder, wallet) : await wallet.user()
    holder ??= wallet
    return { wallet, address }
  }

  /** Starts the export; resolves with the link the export screen would show, and the export's wait. */
  async function startExport(wallet: ReturnType<typeof browser>, signal = new AbortController().signal) {
    let started: Promise<void> = Promise.resolve()
    const url = await new Promise<string>((showLink, failed) => {
      started = wallet.startExport({ hostOrigin: HOST, showLink, signal })
      started.catch(failed)
    })
    return { url, started }
  }

  it("the same fid's approval makes the session fresh: the key is the wallet's", async () => {
    const { wallet, address } = await signedIn()
    await expect(wallet.exportKey()).rejects.toThrow(EXPORT_NOT_FRESH_TEXT)
    const { url, started } = await startExport(wallet)
    expect(new URL(url).searchParams.get('domain')).toBe('localhost:5173')
    expect((await farcasterApp(alice).approve(url)).status).toBe(201)
    await started
    expect(privateKeyToAccount(await wallet.exportKey()).address).toBe(address)
  })

  it("another fid's approval: refused with its text, no key; a new start works", async () => {
    const { wallet, address } = await signedIn()
    const first = await startExport(wallet)
    expect((await farcasterApp(bob).approve(first.url)).status).toBe(201)
    await expect(first.started).rejects.toThrow(FARCASTER_TEXTS.otherAccount)
    await expect(wallet.exportKey()).rejects.toBeInstanceOf(ExportNotAllowedError)

    const again = await startExport(wallet)
    expect(again.url).not.toBe(first.url)
    await farcasterApp(alice).approve(again.url)
    await again.started
    expect(privateKeyToAccount(await wallet.exportKey()).address).toBe(address)
  })

  it('a closed export screen ends the wait, and nothing is fresh', async () => {
    const { wallet } = await signedIn()
    const closed = new AbortController()
    const { started } = await startExport(wallet, closed.signal)
    closed.abort()
    await expect(started).rejects.toThrow()
    await expect(wallet.exportKey()).rejects.toBeInstanceOf(ExportNotAllowedError)
  })
})
