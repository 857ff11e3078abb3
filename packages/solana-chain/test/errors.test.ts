import { generateKeyPairSigner, getBase64Decoder, getBase64Encoder, getTransactionDecoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { MAX_BATCH, MAX_REQUEST_BODY_BYTES, signedTransaction, solTransfer } from '../src'
import { call, devSigner, post, useChain } from './support'

const state = useChain()
const rpc = (method: string, params?: unknown) => call(state.chain.url, method, params)
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

async function transferWire(lamports = 1_000_000n, blockhash?: string) {
  const payer = await devSigner(6)
  const { value } = await state.rpc.getLatestBlockhash().send()
  const lifetime = blockhash ? { blockhash, lastValidBlockHeight: 1n } : value
  return signedTransaction(
    payer,
    lifetime,
    solTransfer(payer, (await generateKeyPairSigner()).address, lamports),
  )
}

describe('Solana’s JSON-RPC error shapes', () => {
  it.each([
    ['not JSON', '{"jsonrpc":', { code: -32700, message: 'Parse error' }],
    ['a JSON string', '"text"', { code: -32600, message: 'Invalid request' }],
    ['no jsonrpc', '{"id":1,"method":"getSlot"}', { code: -32600, message: 'Invalid request' }],
    [
      'a method that is no string',
      '{"jsonrpc":"2.0","id":1,"method":7}',
      { code: -32600, message: 'Invalid request' },
    ],
    [
      'an id that is an object',
      '{"jsonrpc":"2.0","id":{},"method":"getSlot"}',
      { code: -32600, message: 'Invalid request' },
    ],
    ['an empty batch', '[]', { code: -32600, message: 'Invalid request' }],
    [
      'an unknown method',
      '{"jsonrpc":"2.0","id":1,"method":"eth_call"}',
      { code: -32601, message: 'Method not found' },
    ],
    [
      'a prototype key as method',
      '{"jsonrpc":"2.0","id":1,"method":"__proto__"}',
      { code: -32601, message: 'Method not found' },
    ],
  ])('%s', async (_, body, error) => {
    const { status, json } = await post(state.chain.url, body)
    expect(status).toBe(200)
    expect(json.error).toEqual(error)
  })

  it.each([
    ['getBalance', undefined, '`params` should have at least 1 argument(s)'],
    ['getBalance', ['not-a-key'], 'Invalid param: Invalid'],
    ['getBalance', [7], 'Invalid params: invalid type: number, expected a string.'],
    ['getBalance', { pubkey: 'x' }, 'Invalid params: invalid type: map, expected a sequence.'],
    [
      'getAccountInfo',
      ['11111111111111111111111111111111', { encoding: 'base64+zstd' }],
      expect.stringContaining('unknown variant'),
    ],
    ['getSignatureStatuses', [Array(257).fill('1')], 'Too many inputs provided; max 256'],
    [
      'getMultipleAccounts',
      [Array(101).fill('11111111111111111111111111111111')],
      'Too many inputs provided; max 100',
    ],
    [
      'requestAirdrop',
      ['11111111111111111111111111111112', 10 ** 12],
      expect.stringContaining('at most 100000000000 lamports'),
    ],
    ['getSlot', [{ minContextSlot: 'soon' }], expect.stringContaining('invalid value')],
    ['sendTransaction', ['!!!'], 'invalid transaction: invalid base58 encoding'],
    [
      'sendTransaction',
      ['AAAA', { encoding: 'base64' }],
      expect.stringContaining('invalid transaction: failed to deserialize'),
    ],
  ])('%s refuses bad params (case %#) with an invalid-params error', async (method, params, message) => {
    expect((await rpc(method, params)).error).toEqual({ code: -32602, message })
  })

  it('refuses a minContextSlot the chain has not reached with -32016', async () => {
    expect(
      (await rpc('getBalance', ['11111111111111111111111111111111', { minContextSlot: 10 ** 9 }])).error
        ?.code,
    ).toBe(-32016)
  })

  it('refuses an unsigned transaction with -32003', async () => {
    const wire = getBase64Encoder().encode(await transferWire())
    const transaction = getTransactionDecoder().decode(wire)
    const unsigned = new Uint8Array(wire)
    unsigned.fill(0, 1, 65)
    expect(transaction.signatures).toBeDefined()
    const error = (
      await rpc('sendTransaction', [getBase64Decoder().decode(unsigned), { encoding: 'base64' }])
    ).error
    expect(error).toEqual({ code: -32003, message: 'Transaction signature verification failure' })
  })

  it('refuses an unknown blockhash and a repeat with preflight errors (-32002), as Solana does', async () => {
    const stale = await transferWire(1_000_000n, '4QjEBrJnATvydaCoPb7j4cneA5vSJNFsAYHQwRAjAjmQ')
    expect((await rpc('sendTransaction', [stale, { encoding: 'base64' }])).error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { err: 'BlockhashNotFound' },
    })
    const wire = await transferWire()
    expect((await rpc('sendTransaction', [wire, { encoding: 'base64' }])).error).toBeUndefined()
    expect((await rpc('sendTransaction', [wire, { encoding: 'base64' }])).error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: This transaction has already been processed',
    })
  })

  it('refuses a transfer beyond the balance with the program’s error and logs', async () => {
    const error = (await rpc('sendTransaction', [await transferWire(10n ** 16n), { encoding: 'base64' }]))
      .error
    expect(error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
      data: { err: { InstructionError: [0, { Custom: 1 }] }, logs: expect.any(Array) },
    })
  })
})

describe('bodies that break the envelope', () => {
  const alive = async () => expect((await rpc('getHealth')).result).toBe('ok')

  it.each([
    ['deep array', deepArray(10_000)],
    ['deep object', deepObject(8_000)],
    ['deep params', `{"jsonrpc":"2.0","id":1,"method":"getBalance","params":${deepArray(10_000)}}`],
    [
      'deep config',
      `{"jsonrpc":"2.0","id":1,"method":"getAccountInfo","params":["11111111111111111111111111111111",${deepObject(5_000)}]}`,
    ],
    [
      'repeated params',
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getBalance',
        params: Array(1000).fill('11111111111111111111111111111111'),
      }),
    ],
    [
      'repeated keys',
      '{"jsonrpc":"2.0","id":1,"method":"getSlot","method":"getSlot","params":[],"params":[{}]}',
    ],
    [
      'prototype keys',
      '{"__proto__":{"x":1},"jsonrpc":"2.0","id":1,"method":"getSlot","params":[{"__proto__":{"commitment":1}}]}',
    ],
    ['binary', '\u0000\u0001\uffff'],
  ])('%s gets a JSON-RPC answer, never a crash', async (_, body) => {
    const { status, json } = await post(state.chain.url, body)
    expect(status).toBe(200)
    expect(json).toBeDefined()
    await alive()
  })

  it('answers a body over 50 KiB with 413 and a JSON-RPC error', async () => {
    const { status, json } = await post(state.chain.url, `"${'x'.repeat(MAX_REQUEST_BODY_BYTES + 1)}"`)
    expect(status).toBe(413)
    expect(json.error).toEqual({ code: -32600, message: 'Request too large' })
    await alive()
  })

  it('answers a batch in order, item by item, and refuses one over 100', async () => {
    const { json } = await post(state.chain.url, [
      { jsonrpc: '2.0', id: 'a', method: 'getSlot' },
      { jsonrpc: '2.0', id: 'b', method: 'nope' },
      { jsonrpc: '2.0', method: 'getSlot' },
      7,
    ])
    expect(json.map((answer) => [answer.id, answer.error?.code])).toEqual([
      ['a', undefined],
      ['b', -32601],
      [null, -32600],
    ])
    const over = Array.from({ length: MAX_BATCH + 1 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'getSlot' }))
    expect((await post(state.chain.url, over)).json.error?.code).toBe(-32600)
  })

  it('answers a notification with nothing, and GET with 405', async () => {
    expect(await post(state.chain.url, { jsonrpc: '2.0', method: 'getSlot' })).toEqual({
      status: 200,
      json: undefined,
    })
    expect((await fetch(state.chain.url)).status).toBe(405)
  })
})

describe('subscriptions', () => {
  async function socket() {
    const ws = new WebSocket(state.chain.wsUrl)
    await new Promise((resolve) => ws.once('open', resolve))
    const messages: unknown[] = []
    ws.on('message', (data) => messages.push(JSON.parse(String(data))))
    const next = async (count: number) => {
      await expect.poll(() => messages.length).toBeGreaterThanOrEqual(count)
      return messages[count - 1] as Record<string, unknown>
    }
    return { ws, next }
  }

  it('notifies a signature once it lands, and answers bad requests with errors', async () => {
    const { ws, next } = await socket()
    ws.send('{"jsonrpc":')
    expect(await next(1)).toMatchObject({ error: { code: -32700 } })
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'signatureSubscribe', params: ['nope'] }))
    expect(await next(2)).toMatchObject({ id: 2, error: { code: -32602 } })
    const wire = await transferWire()
    const signature = getBase64Encoder().encode(wire).subarray(1, 65)
    const { getBase58Decoder } = await import('@solana/kit')
    ws.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'signatureSubscribe',
        params: [getBase58Decoder().decode(signature), { commitment: 'confirmed' }],
      }),
    )
    const { result: id } = (await next(3)) as { result: number }
    await rpc('sendTransaction', [wire, { encoding: 'base64' }])
    expect(await next(4)).toMatchObject({
      method: 'signatureNotification',
      params: { subscription: id, result: { value: { err: null } } },
    })
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'signatureUnsubscribe', params: [id] }))
    expect(await next(5)).toMatchObject({
      id: 5,
      error: { code: -32602, message: 'Invalid subscription id.' },
    })
    ws.close()
  })

  it('notifies an account’s new state', async () => {
    const { ws, next } = await socket()
    const to = (await generateKeyPairSigner()).address
    ws.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'accountSubscribe',
        params: [to, { encoding: 'base64' }],
      }),
    )
    await next(1)
    await state.rpc.requestAirdrop(to, 2_000_000_000n as never).send()
    expect(await next(2)).toMatchObject({
      method: 'accountNotification',
      params: { result: { value: { lamports: 2_000_000_000 } } },
    })
    ws.close()
  })
})
