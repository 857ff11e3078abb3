// Over 350 lines on purpose: one cloud over one anvil (the devnet contracts deployed) serves every case of
// the names service; a split file would start and deploy its own.
import {
  type AnvilInstance,
  compileStandalone,
  defaultNamesSetup,
  deployAll,
  fundAccount,
  startAnvil,
} from '@allaccess/chain'
import {
  coinTypeOfChainId,
  NAME_MESSAGE_MAX_AGE_SECONDS,
  NAME_MESSAGE_MAX_SKEW_SECONDS,
  NAME_REGISTRATIONS_PER_CLIENT_PER_DAY,
  NAME_SUGGESTIONS_COUNT,
  NAME_TEXTS,
  NAME_TTL_SECONDS,
  NAMES_CCIP_POST_PATH,
  type NameEntry,
  type NameErrorBody,
  type NameSuggestions,
  nameEntrySchema,
  nameErrorBodySchema,
  nameMessage,
  nameSuggestionsSchema,
  nameTexts,
  reverseAnswerSchema,
} from '@allaccess/protocol'
import { givePass } from '@allaccess/testkit/pass'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  parseEther,
} from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../services.js'
import { badBodies, badQueries, expectCleanRefusal } from '../test-support/bad-input.js'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { testDevice } from '../test-support/device.js'
import { embeddedClient, newEmail } from '../test-support/embedded.js'

let anvil: AnvilInstance
let cloud: TestCloud

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  // The All-Access Pass, which gives an address the standing a new name needs.
  await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
  cloud = await startTestCloud({ RPC_UPSTREAM_31337: anvil.rpcUrl })
  // Every test registers from this one client address: the day's caps are the cap test's own.
  cloud.services.names.limits = ROOMY
})
afterAll(async () => {
  await cloud?.close()
  await anvil?.stop()
})

const ZONE = 'allaccess.eth'
const ROOMY = { perClient: 1000, perDay: 1000 }
const DEVNET_COIN_TYPE = coinTypeOfChainId(31337)
const nowSeconds = () => Math.floor(Date.now() / 1000)
const freshAccount = () => privateKeyToAccount(generatePrivateKey())

/** A smart account that accepts its owner's signatures (ERC-1271). */
const OWNED_WALLET = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract OwnedWallet {
    address public immutable owner;
    constructor(address owner_) { owner = owner_; }
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        address signer = ecrecover(hash, uint8(signature[64]), bytes32(signature[0:32]), bytes32(signature[32:64]));
        return signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}`

async function deployOwnedWallet(owner: Address): Promise<Address> {
  const { OwnedWallet } = await compileStandalone(OWNED_WALLET)
  const deployer = freshAccount()
  await fundAccount(anvil.rpcUrl, deployer.address, parseEther('1'))
  const wallet = createWalletClient({ account: deployer, transport: http(anvil.rpcUrl) })
  const hash = await wallet.deployContract({
    abi: OwnedWallet?.abi ?? [],
    bytecode: OwnedWallet?.bytecode ?? '0x',
    args: [owner],
    chain: null,
  })
  const receipt = await createPublicClient({ transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({
    hash,
  })
  return getAddress(receipt.contractAddress as Address)
}

type Registration = {
  name: string
  attributes?: Record<string, string>
  timestamp?: number
  signer?: PrivateKeyAccount
  coinType?: number
  /** Default true: the address holds an All-Access Pass (the standing a new name needs). */
  pass?: boolean
}

const passHolders = new Set<Address>()

/**
 * Signs the registration message (docs/behaviour.md#names) with `account` (or `signer`, to forge) and posts it;
 * the address first gets a pass unless `pass` is false.
 */
async function register(account: PrivateKeyAccount, options: Registration): Promise<Response> {
  if (options.pass !== false && !passHolders.has(account.address)) {
    await givePass(anvil.rpcUrl, account.address)
    passHolders.add(account.address)
  }
  const message = nameMessage(options.name, options.attributes ?? {}, options.timestamp ?? nowSeconds())
  const signature: Hex = await (options.signer ?? account).signMessage({ message })
  return cloud.post(`/v1/profile/account?${LOCAL_QUERY}`, {
    coin_type: options.coinType ?? DEVNET_COIN_TYPE,
    address: account.address,
    message,
    signature,
  })
}

/** A refusal's status and the text the modal shows (the first reason's description), which is also `message`. */
async function refusal(response: Response): Promise<[number, string]> {
  const body = nameErrorBodySchema.parse(await response.json())
  expect(body.reasons[0]?.description).toBe(body.message)
  return [response.status, body.message]
}

const lookup = (name: string) => cloud.get(`/v1/profile/account/${name}?${LOCAL_QUERY}`)
const suggestions = (name: string, zone = ZONE) =>
  cloud.get(`/v1/profile/suggestions/${name}?${LOCAL_QUERY}&zone=${zone}`)

describe('the name service', () => {
  it('registers a name signed by a real account, then finds it by name, by address and as its identity', async () => {
    const alice = freshAccount()
    const attributes = { avatar: 'https://example.com/alice.png', description: 'Alice' }
    const before = nowSeconds()
    const created = await register(alice, { name: `alice.${ZONE}`, attributes })
    expect(created.status).toBe(201)
    const entry = (await created.json()) as NameEntry
    expect(entry).toMatchObject({
      name: `alice.${ZONE}`,
      addresses: { [String(DEVNET_COIN_TYPE)]: { address: alice.address } },
      attributes,
    })
    // What the modal parses the answers with (nothing outside the contract: it would be stripped).
    expect(nameEntrySchema.parse(entry)).toEqual(entry)
    expect(entry.registered).toBeGreaterThanOrEqual(before)
    expect(entry.updated).toBe(entry.registered)

    for (const name of [`alice.${ZONE}`, 'alice', `ALICE.${ZONE.toUpperCase()}`]) {
      const found = await lookup(name)
      expect(found.status, name).toBe(200)
      expect(await found.json()).toEqual(entry)
    }
    const reverse = await cloud.get(`/v1/profile/reverse/${alice.address.toLowerCase()}?${LOCAL_QUERY}`)
    const entries = await reverse.json()
    expect(reverseAnswerSchema.parse(entries)).toEqual([entry])
    // What every wallet kit shows for the address: its name and that name's avatar.
    const identity = await cloud.get(`/v1/identity/${alice.address}?${LOCAL_QUERY}`)
    expect(await identity.json()).toEqual({ name: `alice.${ZONE}`, avatar: attributes.avatar })
    const nobody = await cloud.get(`/v1/profile/reverse/${freshAccount().address}?${LOCAL_QUERY}`)
    expect(nobody.status).toBe(200)
    expect(await nobody.json()).toEqual([])
    expect(await refusal(await lookup('nobody-here'))).toEqual([
      404,
      nameTexts.notFound(`nobody-here.${ZONE}`),
    ])
    // Found by the fuzz test: a NUL once reached the database (a 500).
    expect((await lookup('%00')).status).toBe(400)
  })

  it('suggests the name itself first, then free alternatives that keep the rule', async () => {
    const owner = freshAccount()
    expect((await register(owner, { name: `carol.${ZONE}` })).status).toBe(201)
    expect((await register(freshAccount(), { name: `carol1.${ZONE}` })).status).toBe(201)
    const taken = nameSuggestionsSchema.parse(await (await suggestions('carol')).json())
    expect(taken.suggestions).toEqual([
      { name: `carol.${ZONE}`, registered: true },
      ...['carol2', 'carol3', 'carol4', 'carol5'].map((label) => ({
        name: `${label}.${ZONE}`,
        registered: false,
      })),
    ])
    expect(taken.suggestions).toHaveLength(NAME_SUGGESTIONS_COUNT + 1)
    const free = (await (await suggestions(`Dave-X.${ZONE}`)).json()) as NameSuggestions
    expect(free.suggestions[0]).toEqual({ name: `dave-x.${ZONE}`, registered: false })
    const long = 'l'.repeat(63)
    const longOnes = (await (await suggestions(long)).json()) as NameSuggestions
    for (const { name } of longOnes.suggestions) expect(name.length).toBe(63 + ZONE.length + 1)

    expect(await refusal(await suggestions('abc'))).toEqual([400, NAME_TEXTS.tooShort])
    expect(await refusal(await suggestions('ab_cd'))).toEqual([400, NAME_TEXTS.characters])
    expect(await refusal(await suggestions('carol', 'other.eth'))).toEqual([400, nameTexts.zone(ZONE)])
  })

  it('refuses names that break the rule or the zone, with the exact texts', async () => {
    const account = freshAccount()
    const cases: [string, string][] = [
      [`abc.${ZONE}`, 'A name needs at least 4 characters'],
      [`ab_cd.${ZONE}`, 'A name may only contain letters, digits and hyphens'],
      [`${'x'.repeat(64)}.${ZONE}`, NAME_TEXTS.tooLong],
      ['alice.other.eth', 'Names end in .allaccess.eth'],
      [`sub.name.${ZONE}`, 'Names end in .allaccess.eth'],
      ['bare-label', 'Names end in .allaccess.eth'],
    ]
    for (const [name, text] of cases)
      expect(await refusal(await register(account, { name })), name).toEqual([400, text])
    expect(await (await cloud.get(`/v1/profile/reverse/${account.address}?${LOCAL_QUERY}`)).json()).toEqual(
      [],
    )
  })

  it('refuses stale, future-dated, forged and malformed messages', async () => {
    const account = freshAccount()
    const name = `erine.${ZONE}`
    const stale = nowSeconds() - NAME_MESSAGE_MAX_AGE_SECONDS - 2
    expect(await refusal(await register(account, { name, timestamp: stale }))).toEqual([
      400,
      NAME_TEXTS.messageStale,
    ])
    const future = nowSeconds() + NAME_MESSAGE_MAX_SKEW_SECONDS + 5
    expect(await refusal(await register(account, { name, timestamp: future }))).toEqual([
      400,
      NAME_TEXTS.messageFuture,
    ])
    expect(await refusal(await register(account, { name, signer: freshAccount() }))).toEqual([
      400,
      'The signature does not match the address',
    ])
    const signed = await cloud.post(`/v1/profile/account?${LOCAL_QUERY}`, {
      coin_type: DEVNET_COIN_TYPE,
      address: account.address,
      message: 'not json',
      signature: await account.signMessage({ message: 'not json' }),
    })
    expect(await refusal(signed)).toEqual([400, NAME_TEXTS.message])
    const tooMany = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v']))
    expect(await refusal(await register(account, { name, attributes: tooMany }))).toEqual([
      400,
      NAME_TEXTS.attributes,
    ])
    expect((await lookup(name)).status).toBe(404)
    // The same message, fresh and signed by the address, goes through.
    expect((await register(account, { name })).status).toBe(201)
  })

  it("refuses coin types of no EVM chain ('Invalid chainId') and of chains this cloud does not serve", async () => {
    const account = freshAccount()
    const name = `frank.${ZONE}`
    for (const coinType of [0, 1, 501, 0x7fffffff])
      expect(await refusal(await register(account, { name, coinType })), String(coinType)).toEqual([
        400,
        'Invalid chainId',
      ])
    const base = coinTypeOfChainId(8453)
    expect(await refusal(await register(account, { name, coinType: base }))).toEqual([
      400,
      nameTexts.chain(base),
    ])
    expect(await refusal(await register(account, { name, coinType: 60 }))).toEqual([400, nameTexts.chain(60)])
  })

  it("registers a smart account (ERC-1271) by its owner's signature, checked on the chain", async () => {
    const owner = freshAccount()
    const smart = await deployOwnedWallet(owner.address)
    const asSmart = { ...owner, address: smart } as PrivateKeyAccount
    expect(await refusal(await register(asSmart, { name: `vault.${ZONE}`, signer: freshAccount() }))).toEqual(
      [400, NAME_TEXTS.signature],
    )
    const created = await register(asSmart, { name: `vault.${ZONE}` })
    expect(created.status).toBe(201)
    expect(((await created.json()) as NameEntry).addresses).toEqual({
      [String(DEVNET_COIN_TYPE)]: { address: smart, created: expect.any(Number) },
    })
  })

  it('one name per address; a taken name is a 409; the owner may update its attributes with a newer message', async () => {
    const owner = freshAccount()
    const name = `grace.${ZONE}`
    const first = nowSeconds() - 10
    expect((await register(owner, { name, timestamp: first })).status).toBe(201)
    expect(await refusal(await register(freshAccount(), { name }))).toEqual([409, nameTexts.taken(name)])
    expect(await refusal(await register(owner, { name: `grace2.${ZONE}` }))).toEqual([
      409,
      nameTexts.addressHasName(name),
    ])
    const updated = await register(owner, {
      name,
      attributes: { url: 'https://grace.example' },
      timestamp: first + 5,
    })
    expect(updated.status).toBe(200)
    expect(((await updated.json()) as NameEntry).attributes).toEqual({ url: 'https://grace.example' })
    // A replay of the first message cannot roll the attributes back.
    expect(await refusal(await register(owner, { name, timestamp: first }))).toEqual([
      400,
      NAME_TEXTS.messageStale,
    ])
    expect(((await (await lookup(name)).json()) as NameEntry).attributes).toEqual({
      url: 'https://grace.example',
    })
  })

  it('normalises with ENSIP-15, refuses label extensions ("--" 3rd and 4th) and reserves 4-character labels', async () => {
    for (const label of ['xn--abcd', 'ab--cd', '----', 'xy--'])
      expect(await refusal(await register(freshAccount(), { name: `${label}.${ZONE}` })), label).toEqual([
        400,
        NAME_TEXTS.labelExtension,
      ])
    expect(await refusal(await suggestions('xn--abcd'))).toEqual([400, NAME_TEXTS.labelExtension])
    expect(await refusal(await register(freshAccount(), { name: `abcd.${ZONE}` }))).toEqual([
      400,
      NAME_TEXTS.reserved,
    ])
    // ENSIP-15 maps full-width letters to the name ENS apps resolve; a name it refuses is refused.
    const wide = await register(freshAccount(), { name: `ｗｉｄｅｎａｍｅ.${ZONE}` })
    expect(wide.status).toBe(201)
    expect(((await wide.json()) as NameEntry).name).toBe(`widename.${ZONE}`)
    expect(await refusal(await register(freshAccount(), { name: `bad\u200dname.${ZONE}` }))).toEqual([
      400,
      NAME_TEXTS.characters,
    ])
  })

  /** Runs `run` with the name service's clock `days` ahead (messages must then be signed at that time). */
  async function daysAhead(days: number, run: (timestamp: number) => Promise<void>) {
    const service = cloud.services.names
    service.now = () => Date.now() + days * 86_400_000
    try {
      await run(nowSeconds() + days * 86_400)
    } finally {
      service.now = Date.now
      service.limits = ROOMY
    }
  }

  it(`registers at most ${NAME_REGISTRATIONS_PER_CLIENT_PER_DAY} new names a day per client address, and a day's cap in all; an owner's update counts for nothing`, async () => {
    // A day nobody has registered in yet.
    await daysAhead(3, async (timestamp) => {
      cloud.services.names.limits = { perClient: NAME_REGISTRATIONS_PER_CLIENT_PER_DAY, perDay: 1000 }
      const owners = Array.from({ length: NAME_REGISTRATIONS_PER_CLIENT_PER_DAY }, freshAccount)
      for (const [n, owner] of owners.entries())
        expect((await register(owner, { name: `squat-${n}.${ZONE}`, timestamp })).status).toBe(201)
      expect(await refusal(await register(freshAccount(), { name: `squat-x.${ZONE}`, timestamp }))).toEqual([
        429,
        NAME_TEXTS.clientLimit,
      ])
      const [first] = owners
      if (!first) throw new Error('no owner')
      const update = await register(first, {
        name: `squat-0.${ZONE}`,
        attributes: { url: 'https://a.example' },
        timestamp: timestamp + 1,
      })
      expect(update.status).toBe(200)
      cloud.services.names.limits = { perClient: 100, perDay: NAME_REGISTRATIONS_PER_CLIENT_PER_DAY }
      expect(await refusal(await register(freshAccount(), { name: `squat-y.${ZONE}`, timestamp }))).toEqual([
        429,
        NAME_TEXTS.dailyLimit,
      ])
    })
    // The next day has room again.
    await daysAhead(4.5, async (timestamp) => {
      cloud.services.names.limits = { perClient: NAME_REGISTRATIONS_PER_CLIENT_PER_DAY, perDay: 1000 }
      expect((await register(freshAccount(), { name: `squat-z.${ZONE}`, timestamp })).status).toBe(201)
    })
  })

  it('a name expires a year after its registration unless its owner renews it; expired, it resolves no more and is free again', async () => {
    const owner = freshAccount()
    const kept = freshAccount()
    expect((await register(owner, { name: `lapsing.${ZONE}` })).status).toBe(201)
    expect((await register(kept, { name: `renewed.${ZONE}` })).status).toBe(201)
    const days = NAME_TTL_SECONDS / 86_400
    await daysAhead(days - 1, async (timestamp) => {
      expect((await register(kept, { name: `renewed.${ZONE}`, timestamp })).status).toBe(200)
    })
    await daysAhead(days + 1, async (timestamp) => {
      expect((await lookup(`lapsing.${ZONE}`)).status).toBe(404)
      expect(await (await cloud.get(`/v1/profile/reverse/${owner.address}?${LOCAL_QUERY}`)).json()).toEqual(
        [],
      )
      expect((await lookup(`renewed.${ZONE}`)).status).toBe(200)
      const taker = freshAccount()
      const taken = await register(taker, { name: `lapsing.${ZONE}`, timestamp })
      expect(taken.status).toBe(201)
      expect(((await taken.json()) as NameEntry).addresses[String(DEVNET_COIN_TYPE)]?.address).toBe(
        taker.address,
      )
      // The old owner may take another name: its expired one no longer counts as its name.
      expect((await register(owner, { name: `lapsed-again.${ZONE}`, timestamp })).status).toBe(201)
    })
  })

  it("the devnet resolver's default gateway is this service's POST path on the cloud's default address", () => {
    expect(defaultNamesSetup.gatewayUrl).toBe(
      `http://127.0.0.1:${loadConfig({}).port}${NAMES_CCIP_POST_PATH}`,
    )
    expect(defaultNamesSetup.zone).toBe(loadConfig({}).names.zone)
    expect(defaultNamesSetup.signer).toBe(privateKeyToAccount(loadConfig({}).names.signerKey).address)
  })

  it('needs a project id like the other data routes, and answers its refusals with reasons', async () => {
    const response = await cloud.get('/v1/profile/account/alice')
    expect(response.status).toBe(401)
    const body = (await response.json()) as NameErrorBody
    expect(body.reasons).toEqual([{ description: body.message }])
    const invalid = await cloud.post(`/v1/profile/account?${LOCAL_QUERY}`, { coin_type: 'x' })
    expect(invalid.status).toBe(400)
    expect(((await invalid.json()) as NameErrorBody).reasons).toHaveLength(1)
  })

  it('a new name needs standing: an All-Access Pass, or the wallet of a sign-in here; a fresh key has neither', async () => {
    expect(NAME_TEXTS.standing).toBe(
      'A new name needs an All-Access Pass, or an e-mail, social or Farcaster wallet',
    )
    const fresh = freshAccount()
    expect(await refusal(await register(fresh, { name: `squatter.${ZONE}`, pass: false }))).toEqual([
      403,
      NAME_TEXTS.standing,
    ])
    expect((await lookup(`squatter.${ZONE}`)).status).toBe(404)
    // The same key once it holds a pass.
    await givePass(anvil.rpcUrl, fresh.address)
    expect((await register(fresh, { name: `squatter.${ZONE}`, pass: false })).status).toBe(201)

    // An e-mail wallet's address: its user verified a code sent to the address, and set the wallet once.
    const walletKey = freshAccount()
    const embedded = embeddedClient(cloud, await testDevice())
    const session = await embedded.signIn(newEmail())
    const stored = await embedded.put(
      '/v1/embedded/shares',
      { address: walletKey.address, authShare: 'ab', recoveryShare: 'cd' },
      session,
    )
    expect(stored.status).toBe(200)
    expect((await register(walletKey, { name: `mailed.${ZONE}`, pass: false })).status).toBe(201)
    // An owner's update needs nothing new.
    expect(
      (await register(walletKey, { name: `mailed.${ZONE}`, pass: false, timestamp: nowSeconds() + 1 }))
        .status,
    ).toBe(200)
  })

  it('answers bad registrations and lookups with a clear 4xx, never a 5xx: nesting, wrong types, odd queries', async () => {
    const account = freshAccount()
    const message = nameMessage(`fuzzed.${ZONE}`, {}, nowSeconds())
    const valid = {
      coin_type: DEVNET_COIN_TYPE,
      address: account.address,
      message,
      signature: await account.signMessage({ message }),
    }
    for (const [what, body] of badBodies(valid))
      await expectCleanRefusal(await cloud.post(`/v1/profile/account?${LOCAL_QUERY}`, body), what)
    for (const query of badQueries(LOCAL_QUERY)) {
      await expectCleanRefusal(await cloud.post(`/v1/profile/account?${query}`, valid), query.slice(0, 60))
      await expectCleanRefusal(await lookup(`fuzzed.${ZONE}&${query}`), query.slice(0, 60))
    }
    // Nothing was registered on the way: the address has no standing.
    expect((await lookup(`fuzzed.${ZONE}`)).status).toBe(404)
  })
})
