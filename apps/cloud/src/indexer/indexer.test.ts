// Over 350 lines on purpose: one anvil on a fixed port (restarted to reset the chain), its RPC proxy and a
// cloud serve every case of the indexer; a split file would need ports and a chain of its own.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type AnvilInstance,
  anvilChain,
  compileStandalone,
  type Deployment,
  deployAll,
  devAccounts,
  devnetSeed,
  startAnvil,
} from '@allaccess/chain'
import { allAccessPassAbi, testUsdAbi } from '@allaccess/chain/deployments'
import {
  balancesSchema,
  type HistoryItem,
  type HistoryPage,
  historyPageSchema,
  nftPageSchema,
  type TokenBalance,
} from '@allaccess/protocol'
import { freePort } from '@allaccess/testkit/free-port'
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  formatEther,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningCloud, startCloud } from '../cloud.js'
import { newKek } from '../embedded/index.js'
import { LOCAL_QUERY, scratchPostgres } from '../test-support/cloud.js'
import { RpcProxy } from '../test-support/rpc-proxy.js'

/** A port of this run's own, kept for the anvil that restarts on it (the suite runs on two databases at once). */
const ANVIL_PORT = await freePort()
const CHAIN = 31337
const SYNC_MS = 60_000

let anvil: AnvilInstance
let deployment: Deployment
let proxy: RpcProxy
/** One database the clouds of this file share, so a restart finds what the last one stored. */
type SharedDatabase = { env: Record<string, string>; dataDir?: string; drop(): Promise<void> }
let database: SharedDatabase
let cloud: RunningCloud

const address = (index: number) => devAccounts[index]?.address as Address
const wallet = (index: number) =>
  createWalletClient({
    account: privateKeyToAccount(devAccounts[index]?.privateKey as Hex),
    chain: anvilChain(anvil.rpcUrl),
    transport: http(anvil.rpcUrl),
  })
const chain = () => createPublicClient({ chain: anvilChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) })
const mined = async (hash: Hex) => {
  const receipt = await chain().waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return receipt
}
const rpc = (method: string, params: unknown[] = []) =>
  chain().request({ method: method as never, params: params as never })

async function openDatabase(): Promise<SharedDatabase> {
  const adminUrl = process.env.DATABASE_URL
  if (adminUrl) {
    const scratch = await scratchPostgres(adminUrl)
    return { env: { DATABASE_URL: scratch.url }, drop: scratch.drop }
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'cloud-indexer-'))
  return { env: {}, dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) }
}

/** One key for every cloud over the shared database. */
const kek = newKek()

function startIndexingCloud(upstream: string, extra: Record<string, string> = {}) {
  return startCloud({
    port: 0,
    host: '127.0.0.1',
    ...(database.dataDir ? { dataDir: database.dataDir } : {}),
    env: {
      LOG_LEVEL: 'silent',
      INDEXER_POLL_MS: '50',
      RPC_UPSTREAM_31337: upstream,
      EMBEDDED_KEK: kek,
      ...database.env,
      ...extra,
    },
  })
}

const synced = (on: RunningCloud = cloud) => on.services.indexer.synced(CHAIN, SYNC_MS)

async function get(path: string, on: RunningCloud = cloud): Promise<unknown> {
  const response = await fetch(`${on.url}${path}${path.includes('?') ? '&' : '?'}${LOCAL_QUERY}`)
  expect(response.status, path).toBe(200)
  return response.json()
}

/** Parsed with the contract the modal parses with, and nothing outside it (the parse would strip it). */
async function history(index: number, cursor?: string): Promise<HistoryPage> {
  const body = await get(
    `/v1/account/${address(index)}/history?chainId=eip155:${CHAIN}${cursor ? `&cursor=${cursor}` : ''}`,
  )
  expect(historyPageSchema.parse(body)).toEqual(body)
  return body as HistoryPage
}
async function balances(index: number): Promise<TokenBalance[]> {
  const body = await get(`/v1/account/${address(index)}/balance?currency=usd&chainId=eip155:${CHAIN}`)
  expect(balancesSchema.parse(body)).toEqual(body)
  return (body as { balances: TokenBalance[] }).balances
}
async function nfts(index: number) {
  const body = await get(`/v1/account/${address(index).slice(2).toLowerCase()}/nfts`)
  expect(nftPageSchema.parse(body)).toEqual(body)
  return nftPageSchema.parse(body)
}
const hashes = (page: HistoryPage) => page.data.map((item) => item.metadata.hash)

async function sendEth(from: number, to: number, ether = '0.001'): Promise<Hex> {
  const hash = await wallet(from).sendTransaction({ to: address(to), value: parseEther(ether) })
  await mined(hash)
  return hash
}

beforeAll(async () => {
  anvil = await startAnvil({ port: ANVIL_PORT })
  deployment = await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
  proxy = await RpcProxy.start(anvil.rpcUrl)
  database = await openDatabase()
  cloud = await startIndexingCloud(proxy.url)
})
afterAll(async () => {
  await cloud?.close()
  await proxy?.close()
  await anvil?.stop()
  await database?.drop()
})

describe('the indexer on anvil', () => {
  it('indexes the seeded devnet: balances, history and NFTs agree with the chain', async () => {
    await synced()
    const { testUsd, testGold } = deployment.addresses
    const seeded = await balances(1)
    const onChain = await chain().getBalance({ address: address(1) })
    expect(seeded.map((b) => [b.symbol, b.quantity.numeric, b.address])).toEqual([
      ['ETH', formatEther(onChain), undefined],
      ['tUSD', '1000', `eip155:${CHAIN}:${testUsd}`],
      ['TGLD', '25.5', `eip155:${CHAIN}:${testGold}`],
    ])
    // Priced by the devnet prices file; the 0-decimal Test Points are dropped (docs/behaviour.md#balances).
    expect(seeded.find((b) => b.symbol === 'tUSD')).toMatchObject({ price: 1, value: 1000 })
    expect(seeded.find((b) => b.symbol === 'ETH')?.price).toBe(3000)
    expect(seeded.some((b) => b.symbol === 'TPTS')).toBe(false)
    const icon = await fetch(seeded.find((b) => b.symbol === 'tUSD')?.iconUrl as string)
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toBe('image/svg+xml')

    const seededHistory = await history(1)
    expect(seededHistory.data.map((item) => item.metadata.operationType)).toEqual([
      'mint',
      'mint',
      'mint',
      'mint',
    ])
    const [spam] = seededHistory.data
    expect(spam?.transfers?.[0]?.nft_info?.flags.is_spam).toBe(true)
    expect(seededHistory.data.slice(1).map((item) => item.transfers?.[0]?.fungible_info?.symbol)).toEqual([
      'TPTS',
      'TGLD',
      'tUSD',
    ])
    // The spam collection is never listed.
    expect((await nfts(1)).data).toEqual([])
  })

  it('shows a minted pass with its sanitized on-chain art, and a token sent between two accounts', async () => {
    const mint = await wallet(1).writeContract({
      address: deployment.addresses.allAccessPass,
      abi: allAccessPassAbi,
      functionName: 'mint',
      value: parseEther('0.01'),
    })
    await mined(mint)
    const send = await wallet(1).writeContract({
      address: deployment.addresses.testUsd,
      abi: testUsdAbi,
      functionName: 'transfer',
      args: [address(2), parseUnits('5', 6)],
    })
    await mined(send)
    await synced()

    const [pass] = (await nfts(1)).data
    expect(pass).toMatchObject({
      chainId: `eip155:${CHAIN}`,
      contract: deployment.addresses.allAccessPass,
      tokenId: '1',
      standard: 'ERC721',
      amount: '1',
      name: 'All-Access Pass #1',
      collection: { name: 'All-Access Pass', symbol: 'AAP' },
    })
    expect(pass?.description).toMatch(/^Your ticket to everything/)
    const art = await fetch(pass?.imageUrl as string)
    expect(art.status).toBe(200)
    expect(art.headers.get('content-type')).toBe('image/svg+xml')
    expect(art.headers.get('content-security-policy')).toContain('sandbox')
    const svg = await art.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 400 400">/)
    expect(svg).toContain('ALL-ACCESS PASS')

    const [sent, minted] = (await history(1)).data as [HistoryItem, HistoryItem]
    expect(sent.metadata).toMatchObject({ hash: send, operationType: 'send', status: 'confirmed' })
    expect(sent.transfers).toEqual([
      expect.objectContaining({
        direction: 'out',
        quantity: { numeric: '5' },
        sender: address(1),
        recipient: address(2),
        value: 5,
      }),
    ])
    expect(minted.metadata).toMatchObject({ hash: mint, operationType: 'mint' })
    expect(
      minted.transfers?.map((t) => [t.direction, t.quantity.numeric, t.nft_info?.flags.is_spam]),
    ).toEqual([
      ['out', '0.01', undefined],
      ['in', '1', false],
    ])
    const [received] = (await history(2)).data
    expect(received?.metadata).toMatchObject({ hash: send, operationType: 'receive' })
    expect(await balances(2)).toContainEqual(
      expect.objectContaining({ symbol: 'tUSD', quantity: { decimals: '6', numeric: '1005' } }),
    )
  })

  it('pages history newest first with a cursor that new transactions do not shift', async () => {
    const sent: Hex[] = []
    for (let i = 0; i < 25; i++) sent.push(await sendEth(3, 4))
    await synced()
    const first = await history(4)
    expect(first.data).toHaveLength(20)
    expect(first.next).not.toBeNull()
    const newer = await sendEth(3, 4)
    await synced()
    const second = await history(4, first.next as string)
    expect(second.next).toBeNull()
    // 25 sends + the 4 seeded mints, newest first; the newer send shows on a fresh first page only.
    expect([...hashes(first), ...hashes(second)].slice(0, 25)).toEqual([...sent].reverse())
    expect(hashes(second)).toHaveLength(9)
    expect(hashes(await history(4))[0]).toBe(newer)
    const badCursor = await fetch(`${cloud.url}/v1/account/${address(4)}/history?${LOCAL_QUERY}&cursor=abc`)
    expect(badCursor.status).toBe(400)
    expect(await badCursor.json()).toEqual({ code: 'bad_request', message: 'Invalid cursor' })
  })

  it('answers prices for the coin and priced tokens, leaving out the unknown', async () => {
    const response = await fetch(`${cloud.url}/v1/fungible/price?${LOCAL_QUERY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        currency: 'usd',
        addresses: [
          `eip155:${CHAIN}:native`,
          `eip155:${CHAIN}:${deployment.addresses.testUsd.toLowerCase()}`,
          `eip155:${CHAIN}:${deployment.addresses.allAccessPass}`,
          'eip155:1:native',
        ],
      }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      fungibles: [
        expect.objectContaining({ address: `eip155:${CHAIN}:native`, symbol: 'ETH', price: 3000 }),
        expect.objectContaining({ name: 'Test USD', symbol: 'tUSD', price: 1 }),
      ],
    })
  })

  it('resumes from its checkpoint after a restart', async () => {
    await cloud.close()
    const checkpoint = (await chain().getBlockNumber()) + 1n
    const whileDown = await sendEth(5, 6)
    proxy.calls.length = 0
    cloud = await startIndexingCloud(proxy.url)
    await synced()
    // Only the stored tip (the parent check) and what came after it were read again.
    expect(Math.min(...proxy.blocksFetched())).toBe(Number(checkpoint) - 1)
    const items = hashes(await history(6))
    expect(items[0]).toBe(whileDown)
    expect(new Set(items).size).toBe(items.length)
  })

  it('rolls back blocks a reorg orphaned (evm_revert, then anvil_reorg)', async () => {
    const snapshot = await rpc('evm_snapshot')
    const orphan = await sendEth(5, 6)
    await synced()
    expect(hashes(await history(6))).toContain(orphan)
    await rpc('evm_revert', [snapshot])
    const replacement = await sendEth(5, 7)
    await rpc('anvil_mine', ['0x2'])
    await synced()
    expect(hashes(await history(6))).not.toContain(orphan)
    expect(hashes(await history(7))[0]).toBe(replacement)

    const replaced = await sendEth(5, 8)
    await synced()
    expect(hashes(await history(8))).toContain(replaced)
    // The last block is replaced by an empty one: same height, another hash.
    await rpc('anvil_reorg', [1, []])
    await synced()
    expect(hashes(await history(8))).not.toContain(replaced)
  })

  it('keeps indexing past a hostile token and hostile NFTs, and serves only sanitized art', async () => {
    const contracts = await compileStandalone(HOSTILE_SOURCE)
    const deploy = async (name: string) => {
      const { abi, bytecode } = contracts[name] as { abi: Abi; bytecode: Hex }
      const hash = await wallet(8).deployContract({ abi, bytecode })
      return { abi, address: (await mined(hash)).contractAddress as Address }
    }
    const token = await deploy('HostileToken')
    const art = await deploy('HostileNft')
    await mined(
      await wallet(8).writeContract({ ...token, functionName: 'drop', args: [address(9), 10n ** 30n] }),
    )
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><circle r="9"/></svg>`
    const uris: Record<number, string> = {
      1: 'data:application/json,{not json',
      2: `data:application/json,${encodeURIComponent(JSON.stringify({ name: 'Click', image: 'javascript:alert(1)' }))}`,
      3: `data:application/json,${encodeURIComponent(JSON.stringify({ name: 'Remote', image: 'https://evil.example/x.png' }))}`,
      4: `data:application/json,${encodeURIComponent(JSON.stringify({ name: 'Scripted', image: `data:image/svg+xml,${encodeURIComponent(svg)}` }))}`,
      666: '',
    }
    for (const [id, uri] of Object.entries(uris))
      await mined(await wallet(9).writeContract({ ...art, functionName: 'mint', args: [BigInt(id), uri] }))
    const after = await sendEth(8, 9)
    await synced()

    expect(hashes(await history(9))[0]).toBe(after)
    const drop = (await history(9)).data.find((item) => item.transfers?.[0]?.fungible_info?.symbol === '')
    expect(drop?.transfers?.[0]?.fungible_info?.name).toBe(`${'A'.repeat(63)}…`)
    expect((await balances(9)).map((b) => b.symbol)).toEqual(['ETH'])
    const held = (await nfts(9)).data
    expect(held.map((nft) => [nft.tokenId, nft.name])).toEqual([
      ['1', 'Hostile Art #1'],
      ['2', 'Click'],
      ['3', 'Remote'],
      ['4', 'Scripted'],
      ['666', 'Hostile Art #666'],
    ])
    for (const nft of held) {
      const image = await fetch(nft.imageUrl)
      expect(image.status, nft.name).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/svg+xml')
      const body = await image.text()
      for (const word of ['script', 'alert', 'evil', 'onload', 'javascript'])
        expect(body, nft.name).not.toContain(word)
    }
    expect(await (await fetch(held[3]?.imageUrl as string)).text()).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><circle r="9"></circle></svg>',
    )
  })

  it.runIf(process.env.DATABASE_URL)(
    'lets one of two processes on one PostgreSQL index the chain, the other stand by',
    async () => {
      const standbyProxy = await RpcProxy.start(anvil.rpcUrl)
      const standby = await startIndexingCloud(standbyProxy.url)
      try {
        const hash = await sendEth(5, 6)
        await synced(standby)
        expect(hashes(await history(6, undefined))[0]).toBe(hash)
        expect(standbyProxy.calls.filter((call) => call.method === 'eth_getLogs')).toEqual([])
        // The holder stops: the standby takes the chain over.
        await cloud.close()
        const next = await sendEth(5, 7)
        await synced(standby)
        expect(hashes((await get(`/v1/account/${address(7)}/history`, standby)) as HistoryPage)[0]).toBe(next)
        expect(standbyProxy.calls.some((call) => call.method === 'eth_getLogs')).toBe(true)
      } finally {
        await standby.close()
        await standbyProxy.close()
        cloud = await startIndexingCloud(proxy.url)
      }
    },
  )

  it('re-indexes a chain that was reset (anvil restarted: another genesis) from scratch', async () => {
    const before = hashes(await history(1))
    expect(before.length).toBeGreaterThan(4)
    await anvil.stop()
    anvil = await startAnvil({ port: ANVIL_PORT })
    deployment = await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
    await synced()
    const after = await history(1)
    // Only the new chain's seeding: the pass, the sends and the tUSD #1 sent away are gone with the old chain.
    expect(after.data.map((item) => item.metadata.operationType)).toEqual(['mint', 'mint', 'mint', 'mint'])
    expect((await nfts(1)).data).toEqual([])
    // tUSD is a configured token, read the moment the reset was seen, maybe before its redeployment: its first
    // transfer has it read again (store.test.ts).
    expect((await balances(1)).find((b) => b.symbol === 'tUSD')?.quantity.numeric).toBe(
      String(devnetSeed.testUsd / 1_000_000n),
    )
  })
})

/** A token whose symbol() reverts, name() answers 10 kB and decimals() 300; NFTs whose tokenURI is hostile. */
const HOSTILE_SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract HostileToken {
    event Transfer(address indexed from, address indexed to, uint256 value);
    function name() external pure returns (string memory) {
        bytes memory b = new bytes(10000);
        for (uint256 i = 0; i < b.length; i++) b[i] = "A";
        return string(b);
    }
    function symbol() external pure returns (string memory) { revert("no symbol"); }
    function decimals() external pure returns (uint256) { return 300; }
    function balanceOf(address) external pure returns (uint256) { revert(); }
    function drop(address to, uint256 value) external { emit Transfer(msg.sender, to, value); }
}

contract HostileNft {
    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    mapping(uint256 => string) private uris;
    function name() external pure returns (string memory) { return "Hostile Art"; }
    function mint(uint256 id, string calldata uri) external {
        uris[id] = uri;
        emit Transfer(address(0), msg.sender, id);
    }
    function tokenURI(uint256 id) external view returns (string memory) {
        if (id == 666) return string(new bytes(2000000));
        return uris[id];
    }
}
`
