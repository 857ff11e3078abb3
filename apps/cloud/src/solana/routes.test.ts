import { SOLANA_NETWORKS, type TokenBalance } from '@allaccess/protocol'
import {
  devKeys,
  LOCAL_SOLANA_CHAIN_ID,
  type SolanaChain,
  signedTransaction,
  solTransfer,
  start,
  TUSD,
} from '@allaccess/solana-chain'
import { generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badBodies, expectCleanRefusal } from '../test-support/bad-input.js'
import { LOCAL_QUERY, messageOf, startTestCloud, type TestCloud } from '../test-support/cloud.js'

let chain: SolanaChain
let cloud: TestCloud

beforeAll(async () => {
  chain = await start({ port: 0, wsPort: 0, slotMs: 0 })
  cloud = await startTestCloud({
    RPC_UPSTREAM_31337: 'http://127.0.0.1:9',
    SOLANA_RPC_LOCAL: chain.url,
    // A "devnet" whose node is the local chain: the gateway's rules follow the network named, not its node.
    SOLANA_RPC_DEVNET: chain.url,
    SOLANA_RPC_TESTNET: 'http://127.0.0.1:9',
  })
})
afterAll(async () => {
  await cloud?.close()
  await chain?.close()
})

type RpcAnswer = { id: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } }
const rpc = async (chainId: string, body: unknown) => {
  const response = await cloud.post(`/v1/?chainId=${chainId}&${LOCAL_QUERY}`, body)
  expect(response.status).toBe(200)
  return (await response.json()) as RpcAnswer & RpcAnswer[]
}
const call = (chainId: string, method: string, params?: unknown[]) =>
  rpc(chainId, { jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) })
const balances = async (address: string, chainId = LOCAL_SOLANA_CHAIN_ID) => {
  const response = await cloud.get(`/v1/account/${address}/balance?${LOCAL_QUERY}&chainId=${chainId}`)
  expect(response.status).toBe(200)
  return ((await response.json()) as { balances: TokenBalance[] }).balances
}

describe('Solana in /v1/supported-chains', () => {
  it('lists the local chain and the configured Solana networks', async () => {
    const { http } = (await (await cloud.get(`/v1/supported-chains?${LOCAL_QUERY}`)).json()) as {
      http: string[]
    }
    expect(http).toEqual(
      expect.arrayContaining([LOCAL_SOLANA_CHAIN_ID, SOLANA_NETWORKS.devnet, SOLANA_NETWORKS.testnet]),
    )
    expect(http).not.toContain(SOLANA_NETWORKS.mainnet)
  })
})

describe('the gateway on Solana networks', () => {
  it('forwards reads and batches to the network’s node', async () => {
    expect((await call(LOCAL_SOLANA_CHAIN_ID, 'getGenesisHash')).result).toBe(
      'Tnwe9PZ5Ug274Ze7Tiurka8Y4UF42N4BRRbjvAdrNu9',
    )
    const batch = await rpc(LOCAL_SOLANA_CHAIN_ID, [
      { jsonrpc: '2.0', id: 1, method: 'getBalance', params: [chain.genesis.devAddresses[0]] },
      { jsonrpc: '2.0', id: 2, method: 'getLatestBlockhash' },
    ])
    expect(batch.map((answer) => answer.id)).toEqual([1, 2])
    expect(batch[0]?.result).toMatchObject({ value: 1_000_000_000_000 })
  })

  it('sends a signed transaction and airdrops on the local chain', async () => {
    const payer = (await generateKeyPairSigner()).address
    const airdrop = await call(LOCAL_SOLANA_CHAIN_ID, 'requestAirdrop', [payer, 2_000_000_000])
    expect(typeof airdrop.result).toBe('string')
    const [alice] = await devKeys()
    if (!alice) throw new Error('no dev key')
    const { result } = await call(LOCAL_SOLANA_CHAIN_ID, 'getLatestBlockhash')
    const lifetime = (result as { value: { blockhash: string; lastValidBlockHeight: number } }).value
    const wire = await signedTransaction(
      alice.signer,
      { blockhash: lifetime.blockhash, lastValidBlockHeight: BigInt(lifetime.lastValidBlockHeight) },
      solTransfer(alice.signer, payer, 1_000_000n),
    )
    const sent = await call(LOCAL_SOLANA_CHAIN_ID, 'sendTransaction', [wire, { encoding: 'base64' }])
    expect(sent.error).toBeUndefined()
    expect((await call(LOCAL_SOLANA_CHAIN_ID, 'getBalance', [payer])).result).toMatchObject({
      value: 2_001_000_000,
    })
  })

  it('refuses what is not on its list, and the airdrop on any network but the local one', async () => {
    for (const [chainId, method] of [
      [LOCAL_SOLANA_CHAIN_ID, 'getProgramAccounts'],
      [LOCAL_SOLANA_CHAIN_ID, 'eth_chainId'],
      [LOCAL_SOLANA_CHAIN_ID, 'eth_accounts'],
      [SOLANA_NETWORKS.devnet, 'requestAirdrop'],
    ] as const)
      expect((await call(chainId, method, [])).error, `${chainId} ${method}`).toEqual({
        code: -32601,
        message: 'Requested RPC call is not allowed',
        data: { method },
      })
    // On the "devnet" (the local node here), its reads pass.
    expect((await call(SOLANA_NETWORKS.devnet, 'getSlot')).error).toBeUndefined()
  })

  it('answers a network it has no node for, and a node that is down, with JSON-RPC errors', async () => {
    expect((await call(SOLANA_NETWORKS.mainnet, 'getSlot')).error).toEqual({
      code: -32602,
      message: `Unsupported chain: ${SOLANA_NETWORKS.mainnet} has no RPC upstream on this gateway`,
    })
    expect((await call('solana:nope', 'getSlot')).error?.code).toBe(-32602)
    expect((await call(SOLANA_NETWORKS.testnet, 'getSlot')).error).toMatchObject({
      code: -32603,
      message: expect.stringMatching(new RegExp(`^Upstream of ${SOLANA_NETWORKS.testnet} unavailable: `)),
    })
  })

  it('passes the node’s own errors through (bad params, a transaction that fails)', async () => {
    expect((await call(LOCAL_SOLANA_CHAIN_ID, 'getBalance', ['nope'])).error).toEqual({
      code: -32602,
      message: 'Invalid param: Invalid',
    })
    expect(
      (await call(LOCAL_SOLANA_CHAIN_ID, 'sendTransaction', ['AAAA', { encoding: 'base64' }])).error?.code,
    ).toBe(-32602)
  })
})

describe('fuzzed Solana bodies through the gateway', () => {
  const path = `/v1/?chainId=${LOCAL_SOLANA_CHAIN_ID}&${LOCAL_QUERY}`
  const send = (body: string) =>
    fetch(`${cloud.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

  it('refuses broken envelopes with a clear 4xx', async () => {
    for (const [what, body] of badBodies({ jsonrpc: '2.0', id: 1, method: 'getSlot', params: [] }))
      await expectCleanRefusal(await send(body), what)
  })

  it('answers wrong params, deep params and repeated params with the node’s JSON-RPC errors, never a 5xx', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
    for (const params of [
      [7],
      [{}],
      [null, null, null, null],
      Array(500).fill(chain.genesis.devAddresses[0]),
      ['x'.repeat(20_000)],
      [{ __proto__: { encoding: 'jsonParsed' } }],
    ]) {
      const answer = await call(LOCAL_SOLANA_CHAIN_ID, 'getBalance', params)
      expect(answer.error?.code, JSON.stringify(params).slice(0, 60)).toBe(-32602)
    }
    const response = await send(`{"jsonrpc":"2.0","id":1,"method":"getBalance","params":${deep}}`)
    expect(response.status).toBeLessThan(500)
    expect((await call(LOCAL_SOLANA_CHAIN_ID, 'getHealth')).result).toBe('ok')
  })
})

describe('balances on Solana (GET /v1/account/{address}/balance?chainId=solana:…)', () => {
  it('answers SOL and tUSD of a dev key in the token-balance shape, named from tUSD’s metadata', async () => {
    const [sol, tusd] = await balances(chain.genesis.devAddresses[1] as string)
    expect(sol).toEqual({
      name: 'Solana',
      symbol: 'SOL',
      chainId: LOCAL_SOLANA_CHAIN_ID,
      price: expect.any(Number),
      ...(sol?.value === undefined ? {} : { value: expect.any(Number) }),
      quantity: { decimals: '9', numeric: '1000' },
      iconUrl: expect.stringMatching(/\/public\/getTokenImage\/SOL$/),
    })
    expect(tusd).toMatchObject({
      name: 'Test USD',
      symbol: 'tUSD',
      chainId: LOCAL_SOLANA_CHAIN_ID,
      address: `${LOCAL_SOLANA_CHAIN_ID}:${TUSD.mint}`,
      quantity: { decimals: '6', numeric: '10000' },
    })
  })

  it('answers an address that holds nothing with 0 SOL', async () => {
    const nobody = (await generateKeyPairSigner()).address
    expect(await balances(nobody)).toEqual([
      expect.objectContaining({ symbol: 'SOL', quantity: { decimals: '9', numeric: '0' } }),
    ])
  })

  it('refuses a bad address, an unserved network and a node that is down clearly, never with a 5xx but 503', async () => {
    const refused = await cloud.get(
      `/v1/account/0x${'a'.repeat(40)}/balance?${LOCAL_QUERY}&chainId=${LOCAL_SOLANA_CHAIN_ID}`,
    )
    expect(refused.status).toBe(400)
    expect(await messageOf(refused)).toBe('address must be a Solana address: 32 to 44 base58 characters')
    const evm = await cloud.get(
      `/v1/account/${chain.genesis.devAddresses[0]}/balance?${LOCAL_QUERY}&chainId=eip155:31337`,
    )
    expect(evm.status).toBe(400)
    expect(await messageOf(evm)).toBe('address must be an EVM address: 40 hex characters, 0x optional')
    const mainnet = await cloud.get(
      `/v1/account/${chain.genesis.devAddresses[0]}/balance?${LOCAL_QUERY}&chainId=${SOLANA_NETWORKS.mainnet}`,
    )
    expect(mainnet.status).toBe(400)
    expect(await messageOf(mainnet)).toBe(`Unsupported chain: ${SOLANA_NETWORKS.mainnet}`)
    const down = await cloud.get(
      `/v1/account/${chain.genesis.devAddresses[0]}/balance?${LOCAL_QUERY}&chainId=${SOLANA_NETWORKS.testnet}`,
    )
    expect(down.status).toBe(503)
    expect(((await down.json()) as { code: string }).code).toBe('upstream_unavailable')
    const history = await cloud.get(
      `/v1/account/${chain.genesis.devAddresses[0]}/history?${LOCAL_QUERY}&chainId=${LOCAL_SOLANA_CHAIN_ID}`,
    )
    expect(history.status).toBe(400)
  })
})
