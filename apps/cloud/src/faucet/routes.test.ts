import { type AnvilInstance, startAnvil } from '@allaccess/chain'
import { EMBEDDED_TEXTS } from '@allaccess/protocol'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, messageOf, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import {
  FAUCET_AMOUNT_ETH,
  FAUCET_MAX_PER_ADDRESS,
  FAUCET_MAX_PER_CLIENT,
  FAUCET_WINDOW_MS,
} from './faucet.js'

let anvil: AnvilInstance
let cloud: TestCloud

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  cloud = await startTestCloud({ RPC_UPSTREAM_31337: anvil.rpcUrl })
})
afterAll(async () => {
  await cloud?.close()
  await anvil?.stop()
})

const drip = (chainId: number, address: string) =>
  cloud.post(`/v1/faucet?${LOCAL_QUERY}`, { chainId, address })
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

describe('the devnet faucet', () => {
  it('sends test ETH on the local chain (real anvil), capped per address', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const address = freshAddress()
    const fixed = Date.now()
    cloud.services.faucet.now = () => fixed
    const hashes: string[] = []
    for (let i = 0; i < FAUCET_MAX_PER_ADDRESS; i++) {
      const response = await drip(31337, address)
      expect(response.status).toBe(200)
      const { hash } = (await response.json()) as { hash: `0x${string}` }
      expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
      hashes.push(hash)
    }
    expect(new Set(hashes).size).toBe(FAUCET_MAX_PER_ADDRESS)
    expect(await client.getBalance({ address })).toBe(
      parseEther(FAUCET_AMOUNT_ETH) * BigInt(FAUCET_MAX_PER_ADDRESS),
    )

    cloud.services.faucet.now = () => fixed + 1000
    const refused = await drip(31337, address.toLowerCase())
    expect(refused.status).toBe(429)
    const wait = FAUCET_WINDOW_MS / 1000 - 1
    expect(await messageOf(refused)).toBe(`Please try again after ${wait} seconds`)
    expect(refused.headers.get('retry-after')).toBe(String(wait))
    // Another address is not capped by this one.
    expect((await drip(31337, freshAddress())).status).toBe(200)
    cloud.services.faucet.now = () => fixed + FAUCET_WINDOW_MS
    expect((await drip(31337, address)).status).toBe(200)
  })

  it(`caps one client address at ${FAUCET_MAX_PER_CLIENT} calls a day, however many fresh addresses it asks for`, async () => {
    // A day of its own, after the first test's.
    const fixed = Date.now() + 3 * FAUCET_WINDOW_MS
    cloud.services.faucet.now = () => fixed
    for (let i = 0; i < FAUCET_MAX_PER_CLIENT; i++)
      expect((await drip(31337, freshAddress())).status).toBe(200)
    const refused = await drip(31337, freshAddress())
    expect(refused.status).toBe(429)
    expect(await messageOf(refused)).toBe(`Please try again after ${FAUCET_WINDOW_MS / 1000} seconds`)
    cloud.services.faucet.now = () => fixed + FAUCET_WINDOW_MS + 1
    expect((await drip(31337, freshAddress())).status).toBe(200)
  })

  it('refuses every other chain with a clear 400, and needs a project', async () => {
    for (const chainId of [1, 8453, 1337]) {
      const response = await drip(chainId, freshAddress())
      expect(response.status).toBe(400)
      expect(await messageOf(response)).toBe(EMBEDDED_TEXTS.faucetChain)
    }
    const anonymous = await cloud.post('/v1/faucet', { chainId: 31337, address: freshAddress() })
    expect(anonymous.status).toBe(401)
  })
})
