import {
  type Address,
  BaseError,
  type CcipRequestParameters,
  createPublicClient,
  decodeFunctionData,
  encodeAbiParameters,
  encodePacked,
  type Hex,
  hexToString,
  http,
  keccak256,
  namehash,
  parseAbi,
  serializeSignature,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount, sign } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { compileContracts } from '../src/compile'
import { deployAll } from '../src/deploy'
import type { Deployment } from '../src/deployment'
import { anvilChain } from '../src/devnet'
import { devAddress, expectRevert, useAnvil } from './util'

const ctx = useAnvil()
let deployment: Deployment
let universalResolverAddress: Address

const gatewayKey = generatePrivateKey()
const bob = privateKeyToAccount(generatePrivateKey()).address
const carol = privateKeyToAccount(generatePrivateKey()).address
/** The toy gateway's records: forward addresses and primary names (carol claims bob's name: a mismatch). */
const ADDRESSES: Record<string, Address> = { 'bob.allaccess.eth': bob }
const PRIMARY: Record<string, string> = {
  [bob.toLowerCase()]: 'bob.allaccess.eth',
  [carol.toLowerCase()]: 'bob.allaccess.eth',
}

const requestAbi = parseAbi(['function resolve(bytes name, bytes data) view returns (bytes)'])
const recordAbi = parseAbi([
  'function addr(bytes32 node) view returns (address)',
  'function text(bytes32 node, string key) view returns (string)',
  'function name(bytes32 node) view returns (string)',
])

function dnsDecode(packet: Hex): string {
  const labels: string[] = []
  let rest = packet.slice(2)
  while (rest.slice(0, 2) !== '00') {
    const length = Number.parseInt(rest.slice(0, 2), 16)
    labels.push(hexToString(`0x${rest.slice(2, 2 + length * 2)}`))
    rest = rest.slice(2 + length * 2)
  }
  return labels.join('.')
}

/** A gateway in the test: answers from the records above, signed with `key`, valid for `ttl` seconds. */
function gateway(options: { key?: Hex; ttl?: number } = {}) {
  return async ({ data, sender }: CcipRequestParameters): Promise<Hex> => {
    const { args } = decodeFunctionData({ abi: requestAbi, data })
    const name = dnsDecode(args[0])
    const call = decodeFunctionData({ abi: recordAbi, data: args[1] })
    const result =
      call.functionName === 'addr'
        ? encodeAbiParameters([{ type: 'address' }], [ADDRESSES[name] ?? zeroAddress])
        : call.functionName === 'name'
          ? encodeAbiParameters([{ type: 'string' }], [PRIMARY[`0x${name.split('.')[0]}`] ?? ''])
          : encodeAbiParameters([{ type: 'string' }], [''])
    const expires = BigInt(Math.floor(Date.now() / 1000) + (options.ttl ?? 300))
    const digest = keccak256(
      encodePacked(
        ['bytes2', 'address', 'uint64', 'bytes32', 'bytes32'],
        ['0x1900', sender, expires, keccak256(data), keccak256(result)],
      ),
    )
    const signature = serializeSignature(await sign({ hash: digest, privateKey: options.key ?? gatewayKey }))
    return encodeAbiParameters(
      [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
      [result, expires, signature],
    )
  }
}

const clientWith = (request: ReturnType<typeof gateway>) =>
  createPublicClient({ chain: anvilChain(ctx.rpcUrl), transport: http(ctx.rpcUrl), ccipRead: { request } })

/** The custom error a strict lookup failed with, however deep viem wrapped it. */
async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(BaseError)
  return String(error)
}

beforeAll(async () => {
  deployment = await deployAll({
    rpcUrl: ctx.rpcUrl,
    writeModule: false,
    names: {
      gatewayUrl: 'https://gateway.test/{sender}/{data}.json',
      signer: privateKeyToAccount(gatewayKey).address,
    },
  })
  universalResolverAddress = deployment.addresses.namesUniversalResolver
})

describe('the names contracts (our registry, wildcard CCIP-Read resolver and universal resolver)', () => {
  it('resolve a name of the zone forward and back through viem, and nothing for unknown ones', async () => {
    const client = clientWith(gateway())
    expect(await client.getEnsAddress({ name: 'bob.allaccess.eth', universalResolverAddress })).toBe(bob)
    expect(await client.getEnsAddress({ name: 'nobody.allaccess.eth', universalResolverAddress })).toBeNull()
    expect(await client.getEnsName({ address: bob, universalResolverAddress })).toBe('bob.allaccess.eth')
    expect(await client.getEnsName({ address: devAddress(3), universalResolverAddress })).toBeNull()
  })

  it('check a reverse name forward: a primary name that points elsewhere is refused', async () => {
    const client = clientWith(gateway())
    expect(await client.getEnsName({ address: carol, universalResolverAddress })).toBeNull()
    expect(
      await failure(client.getEnsName({ address: carol, universalResolverAddress, strict: true })),
    ).toMatch(/ReverseAddressMismatch/)
  })

  it('refuse answers that are expired or signed by a key the resolver does not trust', async () => {
    const name = 'bob.allaccess.eth'
    for (const request of [gateway({ ttl: -60 }), gateway({ key: generatePrivateKey() })]) {
      const client = clientWith(request)
      expect(await client.getEnsAddress({ name, universalResolverAddress })).toBeNull()
      expect(await failure(client.getEnsAddress({ name, universalResolverAddress, strict: true }))).toMatch(
        /ResolverError/,
      )
    }
  })

  it('only let owners change the registry and the resolver, and keep the continuations internal', async () => {
    const { contracts } = await compileContracts()
    const stranger = ctx.wallet(7)
    await expectRevert(
      ctx.publicClient.simulateContract({
        account: stranger.account,
        address: deployment.addresses.namesRegistry,
        abi: contracts.NamesRegistry.abi,
        functionName: 'setResolver',
        args: [namehash('allaccess.eth'), zeroAddress],
      }),
      'Unauthorised',
    )
    await expectRevert(
      ctx.publicClient.simulateContract({
        account: stranger.account,
        address: deployment.addresses.namesResolver,
        abi: contracts.OffchainNameResolver.abi,
        functionName: 'setSigner',
        args: [stranger.account.address, true],
      }),
      'OwnableUnauthorizedAccount',
    )
    await expectRevert(
      ctx.publicClient.readContract({
        address: universalResolverAddress,
        abi: contracts.NamesUniversalResolver.abi,
        functionName: 'resolveDone',
        args: ['0x', encodeAbiParameters([{ type: 'address' }], [bob])],
      }),
      'OnlySelf',
    )
  })

  it('ENSIP-10: a parent resolver that is no wildcard resolver does not answer for its children', async () => {
    const { contracts } = await compileContracts()
    const owner = ctx.wallet(0)
    const registry = {
      address: deployment.addresses.namesRegistry,
      abi: contracts.NamesRegistry.abi,
    } as const
    // The registry itself stands in for a resolver without ENSIP-10 (it has no supportsInterface).
    const hash = await owner.writeContract({
      ...registry,
      functionName: 'setResolver',
      args: [namehash('eth'), registry.address],
    })
    await ctx.publicClient.waitForTransactionReceipt({ hash })
    const client = clientWith(gateway())
    expect(
      await failure(client.getEnsAddress({ name: 'other.eth', universalResolverAddress, strict: true })),
    ).toMatch(/ResolverNotFound/)
    // Names of the zone still find the zone's own (wildcard) resolver first.
    expect(await client.getEnsAddress({ name: 'bob.allaccess.eth', universalResolverAddress })).toBe(bob)
  })
})
