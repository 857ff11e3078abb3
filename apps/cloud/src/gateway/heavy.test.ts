import { createServer, type Server, type Socket } from 'node:net'
import { type AnvilInstance as Anvil, startAnvil } from '@allaccess/chain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from '../test-support/cloud.js'

let anvil: Anvil
let cloud: TestCloud
/** Accepts connections and never answers: calls to it stay in flight until the gateway's time-out. */
let blackhole: Server
const held: Socket[] = []

/** An address whose code loops for ever (JUMPDEST PUSH1 0 JUMP): a call to it burns all the gas it is given. */
const LOOP = '0x00000000000000000000000000000000000100aa'
const LOOP_CODE = '0x5b600056'
const STRANGER = '0x000000000000000000000000000000000000dEaD'
const RPC_TIMEOUT_MS = 1500

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  await node('anvil_setCode', [LOOP, LOOP_CODE])
  blackhole = createServer((socket) => held.push(socket))
  await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve))
  const address = blackhole.address()
  const hangingPort = typeof address === 'object' && address ? address.port : 0
  cloud = await startTestCloud({
    RPC_UPSTREAM_31337: anvil.rpcUrl,
    RPC_UPSTREAM_1: `http://127.0.0.1:${hangingPort}`,
    RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
  })
})
afterAll(async () => {
  await cloud?.close()
  for (const socket of held) socket.destroy()
  await new Promise((resolve) => blackhole?.close(resolve))
  await anvil?.stop()
})

async function node(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

type RpcAnswer = { id: unknown; result?: unknown; error?: { code: number; message: string } }
const rpc = async (chain: string, body: unknown) =>
  (await (await cloud.post(`/v1/?chainId=${chain}&${LOCAL_QUERY}`, body)).json()) as RpcAnswer & RpcAnswer[]
const call = (id: number, method: string, params: unknown[]) => ({ jsonrpc: '2.0', id, method, params })

describe('RPC gateway: calls that run the EVM', () => {
  it('refuses state and block overrides for eth_call, eth_estimateGas and eth_createAccessList', async () => {
    const override = { [LOOP]: { code: LOOP_CODE } }
    for (const method of ['eth_call', 'eth_estimateGas', 'eth_createAccessList']) {
      const stateOverride = await rpc('eip155:31337', call(1, method, [{ to: LOOP }, 'latest', override]))
      expect(stateOverride.error, method).toEqual({
        code: -32602,
        message: `${method} takes params [transaction, block]: state and block overrides are not accepted`,
      })
      const blockOverride = await rpc('eip155:31337', call(2, method, [{ to: LOOP }, 'latest', {}, {}]))
      expect(blockOverride.error?.code, method).toBe(-32602)
    }
    // Named parameters could carry overrides too.
    const named = await rpc('eip155:31337', {
      jsonrpc: '2.0',
      id: 3,
      method: 'eth_call',
      params: { transaction: { to: LOOP }, stateOverrides: override },
    })
    expect(named.error?.code).toBe(-32602)
  })

  it('refuses gas over 2^24 (as 2^48, a number or a decimal string) before the node runs it', async () => {
    const started = Date.now()
    for (const method of ['eth_call', 'eth_estimateGas', 'eth_createAccessList']) {
      const refused = await rpc(
        'eip155:31337',
        call(1, method, [{ to: LOOP, gas: '0x1000000000000' }, 'latest']),
      )
      expect(refused.error, method).toEqual({
        code: -32602,
        message: `${method} gas is over the gateway's cap of 16777216`,
      })
    }
    for (const gas of [2 ** 48, '281474976710656', { value: 1 }]) {
      const refused = await rpc('eip155:31337', call(1, 'eth_call', [{ to: LOOP, GAS: gas }, 'latest']))
      expect(refused.error, JSON.stringify(gas)).toEqual({
        code: -32602,
        message: 'eth_call gas must be a hex quantity (0x…)',
      })
    }
    expect(Date.now() - started).toBeLessThan(RPC_TIMEOUT_MS)
    // At the cap the loop runs out of gas on the node within a moment.
    const atCap = await rpc('eip155:31337', call(1, 'eth_call', [{ to: LOOP, gas: '0x1000000' }, 'latest']))
    expect(atCap.error?.message).toMatch(/out ?of ?gas/i)
    // An ordinary estimate passes: a plain transfer costs 21,000.
    const plain = await rpc('eip155:31337', call(1, 'eth_estimateGas', [{ to: STRANGER }]))
    expect(plain.result).toBe('0x5208')
  })

  it('lets a client have at most 8 heavy calls at the nodes at once, across chains and requests', async () => {
    const heavy = (id: number) => call(id, 'eth_call', [{ to: LOOP, gas: '0x100000' }, 'latest'])
    // A batch of 20: 8 reach the node (the loop runs out of gas), 12 are refused at once.
    const batch = await rpc(
      'eip155:31337',
      Array.from({ length: 20 }, (_, i) => heavy(i)),
    )
    expect(batch).toHaveLength(20)
    const busy = batch.filter((answer) => answer.error?.code === -32005)
    expect(busy).toHaveLength(12)
    expect(busy[0]?.error?.message).toBe(
      'Too many calls at once: at most 8 eth_call, eth_estimateGas and eth_createAccessList per client',
    )
    expect(batch.filter((answer) => /out ?of ?gas/i.test(answer.error?.message ?? ''))).toHaveLength(8)

    // 8 calls held by a node that never answers take the client's share: a 9th, on another chain, is refused…
    const hanging = rpc(
      'eip155:1',
      Array.from({ length: 8 }, (_, i) => heavy(i)),
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await rpc('eip155:31337', heavy(99))).error?.code).toBe(-32005)
    // …while other methods still pass, and once the held calls time out the share is free again.
    expect((await rpc('eip155:31337', call(1, 'eth_chainId', []))).result).toBe('0x7a69')
    const timedOut = await hanging
    expect(timedOut.every((answer) => answer.error?.message.includes('timed out'))).toBe(true)
    expect((await rpc('eip155:31337', heavy(100))).error?.message).toMatch(/out ?of ?gas/i)
  })
})
