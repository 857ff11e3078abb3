import {
  type AnvilInstance,
  anvilChain,
  DEVNET_NAMES_SIGNER,
  type Deployment,
  deployAll,
  devAccounts,
  startAnvil,
} from '@allaccess/chain'
import { offchainNameResolverAbi } from '@allaccess/chain/deployments'
import {
  coinTypeOfChainId,
  NAMES_CCIP_GET_PATH,
  NAMES_CCIP_POST_PATH,
  nameMessage,
} from '@allaccess/protocol'
import { givePass } from '@allaccess/testkit/pass'
import {
  type Address,
  ccipRequest,
  createPublicClient,
  createWalletClient,
  decodeAbiParameters,
  encodeAbiParameters,
  type Hex,
  http,
  type PublicClient,
} from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { CCIP_ANSWER_TTL_SECONDS } from './gateway.js'

let anvil: AnvilInstance
let cloud: TestCloud
let deployment: Deployment
let client: PublicClient
let universalResolverAddress: Address

const ZONE = 'allaccess.eth'
const alice = privateKeyToAccount(generatePrivateKey())
const ALICE = `alice.${ZONE}`
const AVATAR = 'https://example.com/alice.png'

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  cloud = await startTestCloud({ RPC_UPSTREAM_31337: anvil.rpcUrl })
  // The resolver asks this test's cloud, whose default signer key is the devnet's.
  deployment = await deployAll({
    rpcUrl: anvil.rpcUrl,
    writeModule: false,
    names: { gatewayUrl: cloud.url + NAMES_CCIP_POST_PATH },
  })
  universalResolverAddress = deployment.addresses.namesUniversalResolver
  client = createPublicClient({ chain: anvilChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) })
  expect((await register(alice, ALICE, { avatar: AVATAR })).status).toBe(201)
}, 120_000)
afterAll(async () => {
  await cloud?.close()
  await anvil?.stop()
})

async function register(account: PrivateKeyAccount, name: string, attributes: Record<string, string> = {}) {
  // A new name needs standing: the address holds an All-Access Pass.
  await givePass(anvil.rpcUrl, account.address)
  const message = nameMessage(name, attributes, Math.floor(Date.now() / 1000))
  return cloud.post(`/v1/profile/account?${LOCAL_QUERY}`, {
    coin_type: coinTypeOfChainId(31337),
    address: account.address,
    message,
    signature: await account.signMessage({ message }),
  })
}

/** The resolver's owner (the deployer) changes its set-up. */
async function asOwner(functionName: 'setUrls' | 'setSigner', args: readonly unknown[]) {
  const wallet = createWalletClient({
    account: privateKeyToAccount((devAccounts[0] as (typeof devAccounts)[number]).privateKey),
    transport: http(anvil.rpcUrl),
  })
  const hash = await wallet.writeContract({
    address: deployment.addresses.namesResolver,
    abi: offchainNameResolverAbi,
    functionName,
    args,
    chain: null,
  } as never)
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
}

/** A client whose CCIP-Read answers pass through `change` on their way from the gateway. */
const clientChanging = (change: (answer: Hex) => Hex) =>
  createPublicClient({
    chain: anvilChain(anvil.rpcUrl),
    transport: http(anvil.rpcUrl),
    ccipRead: { request: async (parameters) => change(await ccipRequest(parameters)) },
  })

describe('names resolve through the devnet ENS contracts and the cloud gateway (CCIP-Read)', () => {
  it('getEnsAddress, with and without a coin type', async () => {
    expect(await client.getEnsAddress({ name: ALICE, universalResolverAddress })).toBe(alice.address)
    // viem hands back the bytes of other coin types as they come (lower case).
    expect(
      await client.getEnsAddress({
        name: ALICE,
        coinType: BigInt(coinTypeOfChainId(31337)),
        universalResolverAddress,
      }),
    ).toBe(alice.address.toLowerCase())
    expect(await client.getEnsAddress({ name: `nobody.${ZONE}`, universalResolverAddress })).toBeNull()
    // A chain the name was not registered for has no address.
    expect(
      await client.getEnsAddress({
        name: ALICE,
        coinType: BigInt(coinTypeOfChainId(8453)),
        universalResolverAddress,
      }),
    ).toBeNull()
    // Outside the zone no resolver is set.
    expect(await client.getEnsAddress({ name: 'alice.other.eth', universalResolverAddress })).toBeNull()
  })

  it('getEnsName (reverse, checked forward) and getEnsText', async () => {
    expect(await client.getEnsName({ address: alice.address, universalResolverAddress })).toBe(ALICE)
    expect(
      await client.getEnsName({
        address: privateKeyToAccount(generatePrivateKey()).address,
        universalResolverAddress,
      }),
    ).toBeNull()
    expect(await client.getEnsText({ name: ALICE, key: 'avatar', universalResolverAddress })).toBe(AVATAR)
    expect(await client.getEnsText({ name: ALICE, key: 'url', universalResolverAddress })).toBeNull()
  })

  it('works through the GET form of the gateway too', async () => {
    await asOwner('setUrls', [[cloud.url + NAMES_CCIP_GET_PATH]])
    try {
      expect(await client.getEnsAddress({ name: ALICE, universalResolverAddress })).toBe(alice.address)
      expect(await client.getEnsText({ name: ALICE, key: 'avatar', universalResolverAddress })).toBe(AVATAR)
    } finally {
      await asOwner('setUrls', [[cloud.url + NAMES_CCIP_POST_PATH]])
    }
  })

  it('refuses a tampered answer, an expired one and one of a signer the resolver does not trust', async () => {
    const mallory = privateKeyToAccount(generatePrivateKey()).address
    const tampered = clientChanging((answer) => {
      const [, expires, signature] = decodeAbiParameters(
        [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
        answer,
      )
      const forged = encodeAbiParameters([{ type: 'address' }], [mallory])
      return encodeAbiParameters(
        [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
        [forged, expires, signature],
      )
    })
    // Untouched, the same client path resolves: only the change makes it fail.
    expect(
      await clientChanging((answer) => answer).getEnsAddress({ name: ALICE, universalResolverAddress }),
    ).toBe(alice.address)
    expect(await tampered.getEnsAddress({ name: ALICE, universalResolverAddress })).toBeNull()
    await expect(
      tampered.getEnsAddress({ name: ALICE, universalResolverAddress, strict: true }),
    ).rejects.toThrow(/ResolverError/)

    const gateway = cloud.services.namesGateway
    gateway.now = () => Date.now() - (CCIP_ANSWER_TTL_SECONDS + 60) * 1000
    try {
      expect(await client.getEnsAddress({ name: ALICE, universalResolverAddress })).toBeNull()
    } finally {
      gateway.now = Date.now
    }

    await asOwner('setSigner', [DEVNET_NAMES_SIGNER.address, false])
    try {
      expect(await client.getEnsAddress({ name: ALICE, universalResolverAddress })).toBeNull()
    } finally {
      await asOwner('setSigner', [DEVNET_NAMES_SIGNER.address, true])
    }
    expect(await client.getEnsAddress({ name: ALICE, universalResolverAddress })).toBe(alice.address)
  })

  it('the gateway is open to any origin (browser dapps resolve too); the profile routes keep the project allowlist', async () => {
    const preflight = (path: string) =>
      cloud.get(path, {
        method: 'OPTIONS',
        headers: { origin: 'https://any-dapp.example', 'access-control-request-method': 'POST' },
      })
    const gateway = await preflight(NAMES_CCIP_POST_PATH)
    expect(gateway.status).toBe(204)
    expect(gateway.headers.get('access-control-allow-origin')).toBe('https://any-dapp.example')
    expect((await preflight(`/v1/profile/account?${LOCAL_QUERY}`)).status).toBe(403)
  })

  it('the gateway refuses requests it cannot answer, with reasons', async () => {
    const response = await cloud.post(NAMES_CCIP_POST_PATH, {
      sender: deployment.addresses.namesResolver,
      data: '0x12345678',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      reasons: [
        {
          description:
            'Unsupported CCIP-Read request: addr, text and name lookups of a DNS-encoded name only',
        },
      ],
    })
    const malformed = await cloud.get(`/v1/profile/ccip/${deployment.addresses.namesResolver}/0xzz.json`)
    expect(malformed.status).toBe(400)
  })
})
