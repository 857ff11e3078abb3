import { createServer, type Server, type Socket } from 'node:net'
import { type AnvilInstance as Anvil, startAnvil } from '@allaccess/chain'
import { freePort } from '@allaccess/testkit/free-port'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from '../test-support/cloud.js'

let anvil: Anvil
let cloud: TestCloud
/** Accepts connections and never answers: an upstream that hangs. */
let blackhole: Server
const held: Socket[] = []

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  blackhole = createServer((socket) => held.push(socket))
  await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve))
  const address = blackhole.address()
  const hangingPort = typeof address === 'object' && address ? address.port : 0
  cloud = await startTestCloud({
    RPC_UPSTREAM_31337: anvil.rpcUrl,
    RPC_UPSTREAM_1: `http://127.0.0.1:${hangingPort}`,
    RPC_UPSTREAM_10: `http://127.0.0.1:${await freePort()}`,
    RPC_TIMEOUT_MS: '800',
  })
})
afterAll(async () => {
  await cloud?.close()
  for (const socket of held) socket.destroy()
  await new Promise((resolve) => blackhole?.close(resolve))
  await anvil?.stop()
})

type RpcAnswer = { id: unknown; result?: string; error?: { code: number; message: string; data?: unknown } }

const rpc = (chain: string, body: unknown, init?: RequestInit) =>
  cloud.post(`/v1/?chainId=${chain}&${LOCAL_QUERY}`, body, init)
const answer = async (response: Response) => (await response.json()) as RpcAnswer

describe('RPC gateway', () => {
  it('forwards single calls and batches to anvil', async () => {
    const single = await rpc('eip155:31337', { jsonrpc: '2.0', id: 7, method: 'eth_chainId' })
    expect(single.status).toBe(200)
    expect(await single.json()).toEqual({ jsonrpc: '2.0', id: 7, result: '0x7a69' })
    const batch = await rpc('31337', [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'eth_getBalance',
        params: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'],
      },
    ])
    const answers = (await batch.json()) as { id: number; result: string }[]
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2])
    expect(BigInt(answers.find((a) => a.id === 2)?.result ?? 0)).toBeGreaterThan(0n)
  })

  it('refuses node-key and admin methods, forwarding the rest of a batch', async () => {
    const refused = await answer(
      await rpc('eip155:31337', { jsonrpc: '2.0', id: 1, method: 'anvil_setBalance' }),
    )
    expect(refused.error).toEqual({
      code: -32601,
      message: 'Requested RPC call is not allowed',
      data: { method: 'anvil_setBalance' },
    })
    const mixed = (await (
      await rpc('eip155:31337', [
        { jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction', params: [{}] },
        { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber' },
      ])
    ).json()) as { id: number; error?: unknown; result?: unknown }[]
    expect(mixed.find((a) => a.id === 1)?.error).toBeDefined()
    expect(mixed.find((a) => a.id === 2)?.result).toMatch(/^0x/)
  })

  it('answers an unknown chain with a JSON-RPC error naming it', async () => {
    for (const chain of ['eip155:5', 'solana:mainnet', 'garbage']) {
      const response = await rpc(chain, [{ jsonrpc: '2.0', id: 3, method: 'eth_chainId' }])
      expect(response.status).toBe(200)
      const [first] = (await response.json()) as RpcAnswer[]
      expect(first?.id).toBe(3)
      expect(first?.error?.message).toContain(`Unsupported chain: ${chain}`)
    }
  })

  it('turns a down or hanging upstream into a JSON-RPC error within the time-out', async () => {
    const down = await answer(await rpc('eip155:10', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }))
    expect(down.error?.message).toMatch(/^Upstream of eip155:10 unavailable: /)
    const started = Date.now()
    const hung = await answer(await rpc('eip155:1', { jsonrpc: '2.0', id: 'x', method: 'eth_chainId' }))
    expect(hung).toMatchObject({ id: 'x', error: { code: -32603 } })
    expect(hung.error?.message).toContain('timed out after 800 ms')
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('refuses bad project ids and malformed bodies', async () => {
    const noKey = await cloud.post('/v1/?chainId=eip155:31337&projectId=nope', {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_chainId',
    })
    expect(noKey.status).toBe(401)
    expect(await noKey.json()).toEqual({ message: 'Unauthorized: invalid key' })
    for (const body of [
      {},
      [],
      { jsonrpc: '1.0', id: 1, method: 'x' },
      { jsonrpc: '2.0', method: 5 },
      'nonsense',
    ]) {
      const response = await rpc('eip155:31337', body)
      expect(response.status, JSON.stringify(body)).toBe(400)
    }
  })

  it('is CORS-correct for the site origin', async () => {
    const preflight = await cloud.get(`/v1/?chainId=eip155:31337&${LOCAL_QUERY}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    const call = await rpc(
      'eip155:31337',
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      {
        headers: { origin: 'http://127.0.0.1:5173' },
      },
    )
    expect(call.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
  })

  it('lists the supported chains', async () => {
    const response = await cloud.get(`/v1/supported-chains?${LOCAL_QUERY}`)
    expect(await response.json()).toEqual({ http: ['eip155:1', 'eip155:10', 'eip155:31337'], ws: [] })
    expect((await cloud.get('/v1/supported-chains')).status).toBe(401)
  })
})
