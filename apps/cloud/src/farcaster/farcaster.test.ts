import { type AnvilInstance, deployAll, startAnvil } from '@allaccess/chain'
import { addresses, idRegistryAbi } from '@allaccess/chain/deployments'
import { fundAccount } from '@allaccess/chain/devnet'
import { ERROR_CODES, FARCASTER_CHANNEL_TTL_MS, FARCASTER_TEXTS } from '@allaccess/protocol'
import {
  createFarcasterClient,
  type FarcasterUser,
  registerFarcasterUser,
} from '@allaccess/testkit/farcaster'
import { type AppClient, createAppClient } from '@farcaster/auth-client'
import { type Address, createPublicClient, createWalletClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { FarcasterError } from './errors.js'
import { BAD_APPROVALS_PER_CHANNEL, BAD_APPROVALS_WINDOW_MS } from './limits.js'
import { IdRegistry } from './registry.js'

const SITE = { siweUri: 'http://127.0.0.1:5173/', domain: '127.0.0.1:5173' }

let anvil: AnvilInstance
let cloud: TestCloud
let idRegistry: Address
let app: AppClient
let alice: FarcasterUser
let bob: FarcasterUser

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  idRegistry = (await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })).addresses.idRegistry
  cloud = await startTestCloud({ RPC_UPSTREAM_31337: anvil.rpcUrl, CLOUD_RATE_LIMIT_MAX: '100000' })
  const publicClient = createPublicClient({ transport: http(anvil.rpcUrl) })
  // The site's own app client, verifying against the devnet's registry as it would against Farcaster's.
  app = createAppClient({
    relay: cloud.url,
    ethereum: {
      getFid: (custody) =>
        publicClient.readContract({
          address: idRegistry,
          abi: idRegistryAbi,
          functionName: 'idOf',
          args: [custody],
        }),
      isValidAuthAddress: async () => false,
      publicClient,
    } as Parameters<typeof createAppClient>[0]['ethereum'],
  })
  alice = await registerFarcasterUser(anvil.rpcUrl, {
    username: 'alice',
    displayName: 'Alice',
    pfpUrl: 'https://images.example/alice.png',
  })
  bob = await registerFarcasterUser(anvil.rpcUrl, { username: 'bob' })
})
afterAll(async () => {
  await cloud?.close()
  await anvil?.stop()
})
afterEach(() => {
  cloud.services.farcaster.now = Date.now
})

const farcaster = () => cloud.services.farcaster
const wallet = (user: FarcasterUser) => createFarcasterClient({ relay: cloud.url, user })

async function openChannel(extra: { expirationTime?: string } = {}) {
  const created = await app.createChannel({ ...SITE, ...extra })
  if (created.isError) throw created.error
  expect(created.response.status).toBe(201)
  return created.data
}

/** The refusal `verifiedIdentity` throws, as `{ code, message }`. */
function refusal(run: () => unknown) {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(FarcasterError)
    const { code, message } = error as FarcasterError
    return { code, message }
  }
  throw new Error('expected a refusal')
}

const unknownChannel = { code: ERROR_CODES.farcasterChannelUnknown, message: FARCASTER_TEXTS.channelUnknown }
const wrongSigner = { code: ERROR_CODES.farcasterInvalidSignature, message: FARCASTER_TEXTS.invalidSignature }
const pending = { code: ERROR_CODES.farcasterPending, message: FARCASTER_TEXTS.pending }

describe('Sign In With Farcaster through the cloud relay (@farcaster/auth-client app and wallet clients)', () => {
  it('a channel the Farcaster app approves completes with the verified fid and username, once', async () => {
    const channel = await openChannel()
    expect(channel.nonce).toMatch(/^[A-Za-z0-9]{8,}$/)
    const pending = await app.status({ channelToken: channel.channelToken })
    expect(pending.response.status).toBe(202)
    expect(pending.data).toMatchObject({ state: 'pending', nonce: channel.nonce, url: channel.url })
    expect(refusal(() => farcaster().verifiedIdentity(channel.channelToken)).code).toBe(
      ERROR_CODES.farcasterPending,
    )

    const watching = app.watchStatus({ channelToken: channel.channelToken, interval: 50, timeout: 10_000 })
    const approved = await wallet(alice).approve(channel.url)
    expect(approved.status).toBe(201)
    const done = await watching
    if (done.isError) throw done.error
    expect(done.data).toMatchObject({
      state: 'completed',
      fid: alice.fid,
      username: 'alice',
      displayName: 'Alice',
      custody: alice.custody,
      message: approved.message,
      signature: approved.signature,
    })
    // The app client's own verification agrees with the cloud's, on the devnet's registry.
    const verified = await app.verifySignInMessage({
      nonce: channel.nonce,
      domain: SITE.domain,
      message: approved.message,
      signature: approved.signature,
    })
    expect(verified.isError ? verified.error : verified.fid).toBe(alice.fid)

    expect(farcaster().verifiedIdentity(channel.channelToken)).toEqual({
      fid: alice.fid,
      username: 'alice',
      displayName: 'Alice',
      pfpUrl: 'https://images.example/alice.png',
      custody: alice.custody,
    })
    // Used: a replayed token finds nothing.
    expect(refusal(() => farcaster().verifiedIdentity(channel.channelToken))).toEqual(unknownChannel)
    expect((await app.status({ channelToken: channel.channelToken })).response.status).toBe(401)
  })

  it('refuses a message signed by a key other than the custody address of its fid, to its sender only', async () => {
    const channel = await openChannel()
    const forged = await wallet(alice).approve(channel.url, { signWith: generatePrivateKey() })
    expect(forged.status).toBe(401)
    expect(forged.body).toEqual(wrongSigner)
    // Whoever has the link may send a bad approval: the channel still waits for the right one.
    expect(refusal(() => farcaster().verifiedIdentity(channel.channelToken))).toEqual(pending)
    expect((await app.status({ channelToken: channel.channelToken })).response.status).toBe(202)
    expect((await wallet(alice).approve(channel.url)).status).toBe(201)
    expect(farcaster().verifiedIdentity(channel.channelToken).fid).toBe(alice.fid)

    // Bob's custody key signing for Alice's fid: a real signature of the wrong account.
    const other = await openChannel()
    const claimed = await wallet(bob).approve(other.url, { fid: alice.fid })
    expect([claimed.status, claimed.body]).toEqual([401, wrongSigner])
    const verified = await app.verifySignInMessage({
      nonce: other.nonce,
      domain: SITE.domain,
      message: claimed.message,
      signature: claimed.signature,
    })
    expect(verified.isError).toBe(true)
  })

  it('an expired channel is gone: the approval and the identity both fail, and the app stops waiting', async () => {
    const channel = await openChannel()
    farcaster().now = () => Date.now() + FARCASTER_CHANNEL_TTL_MS + 1
    const late = await wallet(alice).approve(channel.url)
    expect([late.status, late.body]).toEqual([401, unknownChannel])
    expect(refusal(() => farcaster().verifiedIdentity(channel.channelToken))).toEqual(unknownChannel)
    const watched = await app.watchStatus({ channelToken: channel.channelToken, interval: 50, timeout: 300 })
    expect(watched.isError).toBe(true)

    // A message past its own expiration time is refused even on a live channel.
    farcaster().now = Date.now
    const soon = await openChannel({ expirationTime: new Date(Date.now() + 60_000).toISOString() })
    farcaster().now = () => Date.now() + 120_000
    const expired = await wallet(alice).approve(soon.url)
    expect([expired.status, expired.body]).toEqual([
      400,
      { code: ERROR_CODES.farcasterExpired, message: FARCASTER_TEXTS.expired },
    ])
  })

  it('refuses a tampered message: fields changed after signing, or not the channel’s', async () => {
    const mismatch = { code: ERROR_CODES.farcasterMessageMismatch, message: FARCASTER_TEXTS.messageMismatch }
    const cases: [(message: string) => string, unknown][] = [
      // Still the channel's, but not what was signed.
      [(m) => m.replace(/Issued At: .*/, 'Issued At: 2020-01-01T00:00:00.000Z'), wrongSigner],
      [(m) => m.replace('Farcaster Auth', 'Farcaster Connect'), wrongSigner],
      // Not the channel's.
      [(m) => m.replace(SITE.domain, 'evil.example'), mismatch],
      [(m) => m.replace(/Nonce: .*/, 'Nonce: 0123456789abcdef'), mismatch],
      [(m) => m.replace(`farcaster://fid/${alice.fid}`, `farcaster://fid/${bob.fid}`), mismatch],
      // Not a Sign In With Farcaster message.
      [
        (m) => m.replace('Chain ID: 10', 'Chain ID: 1'),
        { code: ERROR_CODES.farcasterInvalidMessage, message: FARCASTER_TEXTS.invalidMessage },
      ],
      [() => 'hello', { code: ERROR_CODES.farcasterInvalidMessage, message: FARCASTER_TEXTS.invalidMessage }],
    ]
    for (const [tamper, expected] of cases) {
      const channel = await openChannel()
      const answer = await wallet(alice).approve(channel.url, { tamper })
      expect(answer.body, answer.message).toEqual(expected)
      expect(refusal(() => farcaster().verifiedIdentity(channel.channelToken))).toEqual(pending)
    }
  })

  it('refuses a replayed approval: a completed message on another channel, or twice on the same', async () => {
    const first = await openChannel()
    const approved = await wallet(alice).approve(first.url)
    expect(approved.status).toBe(201)
    // Approving the same channel again.
    expect((await wallet(alice).approve(first.url)).status).toBe(409)
    // The captured message and signature, sent to a fresh channel: its nonce is not this channel's.
    const second = await openChannel()
    const replayed = await fetch(`${cloud.url}/v1/channel/authenticate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${second.channelToken}`,
        'x-farcaster-auth-relay-key': cloud.services.config.farcaster.relayKey,
      },
      body: JSON.stringify({ message: approved.message, signature: approved.signature, fid: alice.fid }),
    })
    expect(replayed.status).toBe(400)
    expect(await replayed.json()).toEqual({
      code: ERROR_CODES.farcasterMessageMismatch,
      message: FARCASTER_TEXTS.messageMismatch,
    })
    expect(farcaster().verifiedIdentity(first.channelToken).fid).toBe(alice.fid)
    expect(refusal(() => farcaster().verifiedIdentity(first.channelToken))).toEqual(unknownChannel)
  })

  it('refuses approvals without the shared relay key', async () => {
    const channel = await openChannel()
    const stranger = createFarcasterClient({
      relay: cloud.url,
      user: alice,
      relayKey: 'not-the-relay-key-at-all',
    })
    const answer = await stranger.approve(channel.url)
    expect([answer.status, answer.body]).toEqual([
      401,
      { code: ERROR_CODES.unauthorized, message: FARCASTER_TEXTS.relayKey },
    ])
    // The channel still waits for the real Farcaster app.
    expect((await wallet(alice).approve(channel.url)).status).toBe(201)
  })

  it(`counts a channel's bad approvals: past ${BAD_APPROVALS_PER_CHANNEL} in ${BAD_APPROVALS_WINDOW_MS / 1000} s they wait (429) unchecked, then the right one completes`, async () => {
    expect([BAD_APPROVALS_PER_CHANNEL, BAD_APPROVALS_WINDOW_MS]).toEqual([5, 60_000])
    const channel = await openChannel()
    const stranger = generatePrivateKey()
    for (let i = 0; i < BAD_APPROVALS_PER_CHANNEL; i++)
      expect((await wallet(alice).approve(channel.url, { signWith: stranger })).status).toBe(401)
    // Alice's own approval now: right, but not even checked.
    const throttled = await wallet(alice).approve(channel.url)
    expect([throttled.status, (throttled.body as { code: string }).code]).toEqual([
      429,
      ERROR_CODES.tooManyRequests,
    ])
    // Another channel is not held back by this one's, and this one completes once the window frees.
    expect((await wallet(bob).approve((await openChannel()).url)).status).toBe(201)
    const later = Date.now() + BAD_APPROVALS_WINDOW_MS + 1
    farcaster().now = () => later
    expect((await wallet(alice).approve(channel.url)).status).toBe(201)
    expect(farcaster().verifiedIdentity(channel.channelToken).fid).toBe(alice.fid)
  })

  it("takes the username from the ID registry, never from the approval: a claimed one is not the fid's", async () => {
    const channel = await openChannel()
    const claimed = await wallet(alice).approve(channel.url, { username: 'vitalik.eth' })
    expect(claimed.status).toBe(201)
    expect(claimed.body).toMatchObject({ fid: alice.fid, username: 'alice' })
    const status = await app.status({ channelToken: channel.channelToken })
    expect(status.data).toMatchObject({ state: 'completed', username: 'alice' })
    expect(farcaster().verifiedIdentity(channel.channelToken).username).toBe('alice')

    // An fid the registry names no username for is shown as Farcaster shows it: `!<fid>`.
    const nameless = await registerFidOnly()
    const other = await openChannel()
    const approved = await wallet(nameless).approve(other.url, { username: 'dwr' })
    expect(approved.body).toMatchObject({ fid: nameless.fid, username: `!${nameless.fid}` })
    expect(farcaster().verifiedIdentity(other.channelToken).username).toBe(`!${nameless.fid}`)
  })

  it('reads no username from a registry that keeps none (Farcaster’s own)', async () => {
    const { idRegistry: location } = cloud.services.config.farcaster
    const upstreams = cloud.services.upstreams
    // A contract without `usernameOf` (it reverts) and an address without code (it answers nothing).
    const withoutUsernames = new IdRegistry(upstreams, { ...location, address: addresses.allAccessPass })
    const empty = new IdRegistry(upstreams, { ...location, address: generatedAddress() })
    expect(await withoutUsernames.usernameOf(alice.fid)).toBeNull()
    expect(await empty.usernameOf(alice.fid)).toBeNull()
    expect(await new IdRegistry(upstreams, location).usernameOf(alice.fid)).toBe('alice')
  })
})

/** A Farcaster account whose fid holds no username on the registry (registered without `setUsername`). */
async function registerFidOnly(): Promise<FarcasterUser> {
  const custodyKey = generatePrivateKey()
  const account = privateKeyToAccount(custodyKey)
  await fundAccount(anvil.rpcUrl, account.address, 10n ** 18n)
  const transport = http(anvil.rpcUrl)
  const hash = await createWalletClient({ account, transport }).writeContract({
    address: idRegistry,
    abi: idRegistryAbi,
    functionName: 'register',
    chain: null,
  })
  const reader = createPublicClient({ transport })
  await reader.waitForTransactionReceipt({ hash })
  const fid = await reader.readContract({
    address: idRegistry,
    abi: idRegistryAbi,
    functionName: 'idOf',
    args: [account.address],
  })
  return { fid: Number(fid), custodyKey, custody: account.address, username: 'unused' }
}

const generatedAddress = () => privateKeyToAccount(generatePrivateKey()).address
