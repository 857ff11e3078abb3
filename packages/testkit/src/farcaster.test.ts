import { type AnvilInstance, deployAll, startAnvil } from '@allaccess/chain'
import { idRegistryAbi } from '@allaccess/chain/deployments'
import { type RunningCloud, startCloud } from '@allaccess/cloud'
import { type Address, createPublicClient, http, recoverMessageAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFarcasterClient, registerFarcasterUser } from './farcaster'

let anvil: AnvilInstance
let cloud: RunningCloud
let idRegistry: Address

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  idRegistry = (await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })).addresses.idRegistry
  cloud = await startCloud({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    env: { LOG_LEVEL: 'silent', INDEXER: '0', RPC_UPSTREAM_31337: anvil.rpcUrl },
  })
})
afterAll(async () => {
  await cloud?.close()
  await anvil?.stop()
})

async function connectLink(body: object = {}): Promise<string> {
  const response = await fetch(`${cloud.url}/v1/channel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ siweUri: 'https://site.example/', domain: 'site.example', ...body }),
  })
  return ((await response.json()) as { url: string }).url
}

describe('the Farcaster testkit', () => {
  it('registers fresh accounts on the devnet ID registry, each the custody of its own fid', async () => {
    const alice = await registerFarcasterUser(anvil.rpcUrl, { username: 'alice' })
    const bob = await registerFarcasterUser(anvil.rpcUrl, { username: 'bob', displayName: 'Bob' })
    expect(bob.fid).toBe(alice.fid + 1)
    expect(bob).toMatchObject({ username: 'bob', displayName: 'Bob' })
    expect(privateKeyToAccount(alice.custodyKey).address).toBe(alice.custody)
    const reader = createPublicClient({ transport: http(anvil.rpcUrl) })
    const custody = await reader.readContract({
      address: idRegistry,
      abi: idRegistryAbi,
      functionName: 'custodyOf',
      args: [BigInt(bob.fid)],
    })
    expect(custody).toBe(bob.custody)
    const username = await reader.readContract({
      address: idRegistry,
      abi: idRegistryAbi,
      functionName: 'usernameOf',
      args: [BigInt(bob.fid)],
    })
    expect(username).toBe('bob')
  })

  it("signs the link's request with the custody key, or the key and text a refusal test asks for", async () => {
    const user = await registerFarcasterUser(anvil.rpcUrl, { username: 'carol' })
    const client = createFarcasterClient({ relay: cloud.url, user })
    const link = await connectLink({ requestId: 'req-7', expirationTime: '2099-01-01T00:00:00.000Z' })
    const approved = await client.approve(link)
    expect(approved.status).toBe(201)
    const query = new URL(link).searchParams
    expect(parseSiweMessage(approved.message)).toMatchObject({
      address: user.custody,
      domain: 'site.example',
      uri: 'https://site.example/',
      nonce: query.get('nonce'),
      requestId: 'req-7',
      expirationTime: new Date('2099-01-01T00:00:00.000Z'),
      chainId: 10,
      statement: 'Farcaster Auth',
      resources: [`farcaster://fid/${user.fid}`],
    })
    expect(await recoverMessageAddress(approved)).toBe(user.custody)

    const other = generatePrivateKey()
    const forged = await client.approve(await connectLink(), { signWith: other })
    expect(forged.status).toBe(401)
    expect(await recoverMessageAddress(forged)).toBe(privateKeyToAccount(other).address)

    const tampered = await client.approve(await connectLink(), { tamper: (m) => `${m}\n` })
    expect(tampered.message.endsWith('\n')).toBe(true)
    expect(tampered.status).toBe(401)
  })
})
