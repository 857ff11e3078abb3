import { readFileSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { type AnvilInstance as Anvil, startAnvil } from '@allaccess/chain'
import { GATEWAY_METHODS } from '@allaccess/protocol'
import { LOCAL_SOLANA_CHAIN_ID } from '@allaccess/solana-chain/constants'
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
    RPC_MAX_LOG_BLOCK_RANGE: '5',
    RPC_MAX_LOG_RESULTS: '2',
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
    expect(await noKey.json()).toEqual({ code: 'invalid_key', message: 'Unauthorized: invalid key' })
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
    // The local Solana chain's node is served by default, as anvil's is (apps/cloud/src/solana).
    expect(await response.json()).toEqual({
      http: ['eip155:1', 'eip155:10', 'eip155:31337', LOCAL_SOLANA_CHAIN_ID],
      ws: [],
    })
    expect((await cloud.get('/v1/supported-chains')).status).toBe(401)
  })
})

/** Anvil's account #0, the deployer: unlocked on the node, so anything that signs with it spends its funds. */
const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const STRANGER = '0x000000000000000000000000000000000000dEaD'

/** Asks anvil itself, past the gateway. */
async function node(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

const chainState = async () => ({
  deployerBalance: await node('eth_getBalance', [DEPLOYER, 'latest']),
  deployerNonce: await node('eth_getTransactionCount', [DEPLOYER, 'latest']),
  strangerBalance: await node('eth_getBalance', [STRANGER, 'latest']),
  block: await node('eth_blockNumber'),
})

const call = (id: number, method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id, method, params })
const transfer = { from: DEPLOYER, to: STRANGER, value: '0xde0b6b3a7640000' }

describe('RPC gateway allowlist', () => {
  it('passes no method outside the allowlist to the node: the deployer keeps its funds', async () => {
    const before = await chainState()
    const refused = [
      call(1, 'eth_sendUnsignedTransaction', [transfer]),
      call(2, 'eth_sendTransaction', [transfer]),
      call(3, 'anvil_setBalance', [DEPLOYER, '0x0']),
      call(4, 'anvil_impersonateAccount', [STRANGER]),
      call(5, 'anvil_mine', ['0x5']),
      call(6, 'evm_mine'),
      call(7, 'evm_setNextBlockTimestamp', ['0x1']),
      call(8, 'personal_sendTransaction', [transfer, '']),
      call(9, 'personal_unlockAccount', [DEPLOYER, '', 0]),
      call(10, 'debug_traceCall', [transfer, 'latest']),
      call(11, 'eth_sign', [DEPLOYER, '0x00']),
      call(12, 'hardhat_setBalance', [DEPLOYER, '0x0']),
      call(13, 'eth_coinbase'),
      call(14, 'eth_newFilter', [{}]),
      call(15, 'txpool_content'),
      call(16, 'ots_getApiLevel'),
      call(17, 'ETH_SENDUNSIGNEDTRANSACTION', [transfer]),
    ]
    for (const request of refused) {
      expect(await answer(await rpc('eip155:31337', request)), request.method).toEqual({
        jsonrpc: '2.0',
        id: request.id,
        error: {
          code: -32601,
          message: 'Requested RPC call is not allowed',
          data: { method: request.method },
        },
      })
    }
    const mixed = (await (
      await rpc('eip155:31337', [...refused, call(99, 'eth_blockNumber')])
    ).json()) as RpcAnswer[]
    expect(mixed).toHaveLength(refused.length + 1)
    expect(mixed.find((a) => a.id === 99)?.result).toBe(before.block)
    expect(mixed.filter((a) => a.error?.message === 'Requested RPC call is not allowed')).toHaveLength(
      refused.length,
    )
    expect(await chainState()).toEqual(before)
  })

  it('answers eth_accounts with no accounts without asking the node', async () => {
    expect(((await node('eth_accounts')) as string[]).length).toBeGreaterThan(0)
    expect(await answer(await rpc('eip155:31337', call(1, 'eth_accounts')))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: [],
    })
  })

  it('names every allowed method in the README', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    for (const method of GATEWAY_METHODS) expect(readme, method).toContain(`\`${method}\``)
  })

  it('bounds eth_getLogs: the block range before the node works, the logs in its answer', async () => {
    // Init code that emits three empty LOG0s: PUSH1 0 PUSH1 0 LOG0, three times.
    const hash = await node('eth_sendTransaction', [
      { from: DEPLOYER, data: `0x${'60006000a0'.repeat(3)}00` },
    ])
    // Anvil mines a sent transaction just after answering: its receipt can lag the hash by a moment.
    type Receipt = { blockHash: string; blockNumber: string }
    const receiptOf = async (): Promise<Receipt> => {
      for (let attempt = 0; attempt < 50; attempt++) {
        const found = (await node('eth_getTransactionReceipt', [hash])) as Receipt | null
        if (found) return found
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      throw new Error(`no receipt for ${hash} within a second`)
    }
    const receipt = await receiptOf()
    const logs = (filter: object) => rpc('eip155:31337', call(1, 'eth_getLogs', [filter])).then(answer)
    expect(await logs({ blockHash: receipt.blockHash })).toMatchObject({
      error: {
        code: -32005,
        message: 'eth_getLogs returned more than 2 logs: narrow the block range or the filter',
      },
    })
    const wide = { code: -32602, message: 'eth_getLogs block range is over the limit of 5 blocks' }
    expect(await logs({ fromBlock: '0x0', toBlock: '0x1000000' })).toMatchObject({ error: wide })
    await node('anvil_mine', ['0x8'])
    expect(await logs({ fromBlock: 'earliest' })).toMatchObject({ error: wide })
    expect(
      await logs({ fromBlock: receipt.blockNumber, toBlock: receipt.blockNumber, address: STRANGER }),
    ).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: [],
    })
  })

  it('answers a batch over 100 requests per JSON-RPC, asking the node nothing', async () => {
    const batch = Array.from({ length: 101 }, (_, i) => call(i, 'eth_blockNumber'))
    const response = await rpc('eip155:31337', batch)
    expect(response.status).toBe(200)
    const answers = (await response.json()) as RpcAnswer[]
    expect(answers.map((a) => a.id)).toEqual(batch.map((b) => b.id))
    for (const item of answers)
      expect(item.error).toEqual({ code: -32600, message: 'Batch too large: at most 100 requests' })
  })

  it('gives a notification (no id) no answer', async () => {
    const notify = { jsonrpc: '2.0', method: 'eth_blockNumber' }
    const single = await rpc('eip155:31337', notify)
    expect(single.status).toBe(204)
    expect(await single.text()).toBe('')
    const refusedNotification = await rpc('eip155:31337', { jsonrpc: '2.0', method: 'anvil_mine' })
    expect(refusedNotification.status).toBe(204)
    const batch = await rpc('eip155:31337', [notify, call(5, 'eth_chainId')])
    expect(await batch.json()).toEqual([{ jsonrpc: '2.0', id: 5, result: '0x7a69' }])
  })

  it('accepts a JSON body sent as text/plain (no CORS pre-flight)', async () => {
    const response = await rpc('eip155:31337', call(1, 'eth_chainId'), {
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
  })

  it('refuses a body over 512 KiB with 413 { code, message }', async () => {
    const huge = call(1, 'eth_sendRawTransaction', [`0x${'00'.repeat(300 * 1024)}`])
    const response = await rpc('eip155:31337', huge)
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ code: 'payload_too_large', message: 'Request body is too large' })
  })
})
