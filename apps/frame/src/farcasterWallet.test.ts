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
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCloudApi } from './cloudApi'
import { openVault } from './vault'
import { createWallet, NotSignedInError } from './wallet'

let anvil: AnvilInstance
let cloud: RunningCloud
let alice: FarcasterUser

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
}, 60_000)
afterAll(async () => {
  await cloud?.close()
  await anvil?.stop()
})

const browser = (indexedDB = new IDBFactory()) =>
  createWallet({
    cloud: createCloudApi({ cloudUrl: cloud.url, projectId: 'allaccess-local' }),
    vault: openVault(indexedDB),
  })
/** The page the frame is embedded in (on the local project's allowlist). */
const HOST = 'http://localhost:5173'
const farcasterApp = (user: FarcasterUser) => createFarcasterClient({ relay: cloud.url, user })

describe('Sign In With Farcaster in the frame wallet, against the real cloud and the devnet ID registry', () => {
  it("a fid's wallet whose key signs; a second browser rebuilds the same key", async () => {
    const wallet = browser()
    const url = await wallet.farcasterUri(HOST)
    expect(new URL(url).searchParams.get('domain')).toBe('localhost:5173')
    const connected = wallet.connectFarcaster(new AbortController().signal)
    expect((await farcasterApp(alice).approve(url)).status).toBe(201)
    expect(await connected).toEqual({ email: null, provider: 'farcaster', username: 'alice' })
    const user = await wallet.user()
    const signature = await (await wallet.account()).signMessage({ message: 'hi' })
    expect(await verifyMessage({ address: user.address, message: 'hi', signature })).toBe(true)

    const elsewhere = browser()
    const again = await elsewhere.farcasterUri(HOST)
    const second = elsewhere.connectFarcaster(new AbortController().signal)
    await farcasterApp(alice).approve(again)
    await second
    expect((await elsewhere.user()).address).toBe(user.address)
    expect(await elsewhere.isConnected()).toBe(true)
  })

  it('an approval signed by another key fails with the cloud refusal and leaves no session', async () => {
    const wallet = browser()
    const url = await wallet.farcasterUri(HOST)
    const connected = wallet.connectFarcaster(new AbortController().signal)
    await farcasterApp(alice).approve(url, { signWith: generatePrivateKey() })
    await expect(connected).rejects.toThrow(FARCASTER_TEXTS.invalidSignature)
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
