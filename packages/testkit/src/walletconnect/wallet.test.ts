import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AnvilInstance, startAnvil } from '@allaccess/chain'
import { newKek, type RunningCloud, startCloud } from '@allaccess/cloud'
import type { SessionTypes } from '@walletconnect/types'
import { createPublicClient, type Hex, http, parseEther, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fundedKey } from '../funded-key'
import { refuseOutsideFetch } from '../offline-fetch'
import { createSignClient, createWalletConnectWallet, type WalletConnectWallet } from './index'

/** Nothing may reach a public host (verify service, telemetry): such a fetch fails and is recorded. */
const offline = refuseOutsideFetch()

let anvil: AnvilInstance
let cloud: RunningCloud
let dataDir: string
let port: number
let relayUrl: string
const closers: Array<() => Promise<unknown>> = []

// One key-encryption key for both starts: the restarted cloud reads what the first one stored.
const env = { LOG_LEVEL: 'silent', EMBEDDED_KEK: newKek() }
const startRelay = () => startCloud({ port, host: '127.0.0.1', dataDir, env })

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  dataDir = await mkdtemp(join(tmpdir(), 'testkit-wc-'))
  cloud = await startCloud({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    env,
  })
  port = Number(new URL(cloud.url).port)
  relayUrl = `ws://127.0.0.1:${port}/relay`
})
afterAll(async () => {
  for (const close of closers) await close().catch(() => {})
  await cloud.close()
  await anvil.stop()
  await rm(dataDir, { recursive: true, force: true })
  offline.restore()
})

async function dappClient() {
  const dapp = await createSignClient(relayUrl, 'dapp')
  closers.push(() => dapp.core.relayer.transportClose())
  return dapp
}

async function wallet(): Promise<WalletConnectWallet> {
  const created = await createWalletConnectWallet({
    relayUrl,
    privateKey: await fundedKey(anvil.rpcUrl),
    chains: [
      { id: 31337, rpcUrl: anvil.rpcUrl, name: 'Anvil' },
      { id: 1, name: 'Ethereum' },
    ],
  })
  closers.push(() => created.close())
  return created
}

/** A dapp proposes, the wallet pairs; resolves with the approval promise and the dapp. */
async function propose(target: WalletConnectWallet) {
  const dapp = await dappClient()
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: {
        chains: ['eip155:31337', 'eip155:1'],
        methods: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'],
        events: ['chainChanged', 'accountsChanged'],
      },
    },
  })
  if (!uri) throw new Error('no pairing URI')
  await target.pair(uri)
  return { dapp, approval }
}

const request = <T>(
  dapp: Awaited<ReturnType<typeof dappClient>>,
  session: SessionTypes.Struct,
  method: string,
  params: unknown,
) => dapp.request<T>({ topic: session.topic, chainId: 'eip155:31337', request: { method, params } })

/** A dapp asks to connect and sign in at once (one-click authentication); resolves with its approval promise. */
async function proposeWithSignIn(target: WalletConnectWallet) {
  const dapp = await dappClient()
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['accountsChanged'] },
    },
    authentication: [
      {
        chains: ['eip155:31337', 'eip155:1'],
        domain: '127.0.0.1:5173',
        uri: 'http://127.0.0.1:5173',
        nonce: 'oneclicknonce1',
        statement: 'Sign in to All-Access Pass',
        ttl: 600,
      },
    ],
  })
  if (!uri) throw new Error('no pairing URI')
  await target.pair(uri)
  return { dapp, approval }
}

describe('WalletConnect wallet (WalletKit) with the official dapp client through the cloud relay', () => {
  it('signs in as it connects (one-click authentication): a CACAO whose message verifies, and a session', async () => {
    const target = await wallet()
    const { dapp, approval } = await proposeWithSignIn(target)
    const session = await approval()
    expect(session.namespaces.eip155?.accounts).toContain(`eip155:31337:${target.address}`)
    const [cacao] = session.authentication ?? []
    if (!cacao) throw new Error('the wallet answered without a CACAO')
    const message = dapp.formatAuthMessage({ request: cacao.p, iss: cacao.p.iss })
    expect(message).toContain('127.0.0.1:5173 wants you to sign in with your Ethereum account:')
    expect(message).toContain('Nonce: oneclicknonce1')
    expect(await verifyMessage({ address: target.address, message, signature: cacao.s.s as Hex })).toBe(true)
    expect(target.requests.map((record) => record.method)).toEqual(['eth_requestAccounts', 'personal_sign'])
  })

  it('without one-click authentication, only connects: a session, no CACAO', async () => {
    const created = await createWalletConnectWallet({
      relayUrl,
      privateKey: await fundedKey(anvil.rpcUrl),
      chains: [{ id: 31337, rpcUrl: anvil.rpcUrl, name: 'Anvil' }],
      oneClickAuth: false,
    })
    closers.push(() => created.close())
    const { approval } = await proposeWithSignIn(created)
    const session = await approval()
    expect(session.namespaces.eip155?.accounts).toContain(`eip155:31337:${created.address}`)
    expect(session.authentication).toBeUndefined()
  })

  it('approves, signs (personal_sign, typed data), sends ETH, survives a relay restart', async () => {
    const target = await wallet()
    const { dapp, approval } = await propose(target)
    const session = await approval()
    expect(session.namespaces.eip155?.accounts).toContain(`eip155:31337:${target.address}`)
    expect(target.isPermitted).toBe(true)

    const signature = await request<Hex>(dapp, session, 'personal_sign', ['0x68656c6c6f', target.address])
    expect(
      await verifyMessage({ address: target.address, message: { raw: '0x68656c6c6f' }, signature }),
    ).toBe(true)

    const typed = {
      domain: { name: 'Pass', version: '1', chainId: 31337 },
      types: { Mint: [{ name: 'to', type: 'address' }] },
      primaryType: 'Mint' as const,
      message: { to: target.address },
    }
    const typedSignature = await request<Hex>(dapp, session, 'eth_signTypedData_v4', [
      target.address,
      JSON.stringify({
        ...typed,
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'version', type: 'string' },
            { name: 'chainId', type: 'uint256' },
          ],
          ...typed.types,
        },
      }),
    ])
    expect(await verifyTypedData({ address: target.address, ...typed, signature: typedSignature })).toBe(true)

    const recipient = '0x000000000000000000000000000000000000dEaD'
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
    const before = await chain.getBalance({ address: recipient })
    const hash = await request<Hex>(dapp, session, 'eth_sendTransaction', [
      { from: target.address, to: recipient, value: '0xde0b6b3a7640000' },
    ])
    expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect((await chain.getBalance({ address: recipient })) - before).toBe(parseEther('1'))

    // Same port, same data folder: the clients reconnect and resubscribe by themselves.
    await cloud.close()
    cloud = await startRelay()
    const again = await request<Hex>(dapp, session, 'personal_sign', ['0x6167616965', target.address])
    expect(
      await verifyMessage({ address: target.address, message: { raw: '0x6167616965' }, signature: again }),
    ).toBe(true)
    expect(target.requests.map((record) => record.method)).toEqual([
      'eth_requestAccounts',
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'personal_sign',
    ])
    // Only WalletKit's init telemetry tries to leave (refused by the guard above); no verify service.
    expect(offline.refused.filter((origin) => origin !== 'https://pulse.walletconnect.org')).toEqual([])
  }, 60_000)

  it('goes offline and back: a request sent meanwhile arrives from the relay cache', async () => {
    const target = await wallet()
    const { dapp, approval } = await propose(target)
    const session = await approval()
    await target.close()
    const signed = request<Hex>(dapp, session, 'personal_sign', ['0x6f6e', target.address])
    // The dapp's publish reaches the relay while the wallet is away.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(target.requests.map((record) => record.method)).toEqual(['eth_requestAccounts'])

    await target.open()
    const signature = await signed
    expect(await verifyMessage({ address: target.address, message: { raw: '0x6f6e' }, signature })).toBe(true)
  }, 60_000)

  it('rejects a session and a request; the dapp sees both rejections', async () => {
    const target = await wallet()
    target.rejectNext('eth_requestAccounts')
    const refused = await propose(target)
    await expect(refused.approval()).rejects.toMatchObject({ code: 5000 })

    const { dapp, approval } = await propose(target)
    const session = await approval()
    target.rejectNext('personal_sign')
    await expect(request(dapp, session, 'personal_sign', ['0x00', target.address])).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
  }, 60_000)

  it('switches chain (chainChanged reaches the dapp) and disconnects', async () => {
    const target = await wallet()
    const { dapp, approval } = await propose(target)
    const session = await approval()
    const changed = new Promise((resolve) => dapp.on('session_event', ({ params }) => resolve(params)))
    await target.switchChain(1)
    expect(await changed).toEqual({ chainId: 'eip155:1', event: { name: 'chainChanged', data: 1 } })

    const deleted = new Promise((resolve) => dapp.on('session_delete', ({ topic }) => resolve(topic)))
    await target.disconnect()
    expect(await deleted).toBe(session.topic)
    expect(target.sessions).toEqual([])
  }, 60_000)
})
