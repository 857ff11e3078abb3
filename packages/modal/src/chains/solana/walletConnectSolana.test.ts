import { devKeySeed, type SolanaChain, start } from '@allaccess/solana-chain'
import { LOCAL_SOLANA_CHAIN_ID } from '@allaccess/solana-chain/constants'
import { createSolanaResponder, type SolanaResponder } from '@allaccess/testkit/walletconnect'
import {
  address,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Encoder,
  getPublicKeyFromAddress,
  signatureBytes,
  verifySignature,
} from '@solana/kit'
import { getWallets } from '@wallet-standard/app'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CaipNetworkId, Network, WalletActions } from '../types'
import {
  announceWalletConnectSession,
  offeredWalletConnectNamespaces,
  type SharedWalletConnectSession,
} from '../walletConnectSession'
import { createSolanaAdapter } from './createSolanaAdapter'

// The behaviour these tests check: docs/behaviour.md#walletconnect (a session across eip155 and solana is one
// MULTI_CHAIN connection): the Solana part of a session, its sends signed over it, on the local chain (LiteSVM).

const PART = 'walletconnect:solana'
const WAIT = { timeoutMs: 10_000, confirmations: 1, retryCount: 5, retryDelayMs: 50 }
let chain: SolanaChain
let network: Network
let responder: SolanaResponder

beforeAll(async () => {
  chain = await start({ port: 0 })
  network = {
    id: LOCAL_SOLANA_CHAIN_ID.split(':')[1] as string,
    chainNamespace: 'solana',
    caipNetworkId: LOCAL_SOLANA_CHAIN_ID as CaipNetworkId,
    name: 'Local Solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [chain.url] } },
  }
  responder = await createSolanaResponder({
    secretKey: devKeySeed(4),
    rpcUrl: chain.url,
    chains: [LOCAL_SOLANA_CHAIN_ID],
  })
  await responder.authorize('http://127.0.0.1:5173')
})
afterAll(() => chain.close())
afterEach(() => announceWalletConnectSession(undefined))

/**
 * The EVM connector's session as the Solana family sees it, answered by the testkit's WalletConnect wallet (a
 * real key); `answer` may change what the wallet sends back.
 */
function session(methods: string[], answer = (result: unknown) => result) {
  const calls: { chainId: string; method: string }[] = []
  const shared: SharedWalletConnectSession = {
    topic: 'topic',
    owner: { namespace: 'eip155', connectorId: 'walletConnect' },
    wallet: { name: 'Testkit WalletConnect' },
    accounts: (namespace) => (namespace === 'solana' ? (responder.namespace().accounts ?? []) : []),
    methods: (namespace) => (namespace === 'solana' ? methods : []),
    async request(chainId, method, params) {
      calls.push({ chainId, method })
      return answer(await responder.handle(method, params, 'http://127.0.0.1:5173'))
    },
    disconnect: vi.fn(async () => announceWalletConnectSession(undefined)),
  }
  return { shared, calls }
}

const adapter = () => createSolanaAdapter({ networks: [network], storage: undefined, wallets: getWallets() })

async function send(actions: WalletActions, lamports: bigint) {
  const receiver = (await generateKeyPairSigner()).address
  const plan = await actions.prepareTransfer({
    network,
    from: responder.address,
    to: receiver,
    amount: lamports,
  })
  const hash = await actions.sendTransfer(plan)
  expect(await actions.waitForTransaction(hash, network, WAIT)).toEqual({ hash, status: 'success' })
  return (await createSolanaRpc(chain.url).getBalance(receiver).send()).value
}

describe("a WalletConnect session's Solana part", () => {
  it("proposes the site's Solana networks with WalletConnect's Solana methods", () => {
    adapter()
    expect(offeredWalletConnectNamespaces()).toEqual({
      solana: {
        chains: [LOCAL_SOLANA_CHAIN_ID],
        methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
        events: [],
      },
    })
  })

  it('opens as the part of the EVM connection (MULTI_CHAIN), current; sends go over the session and reach the chain', async () => {
    const solana = adapter()
    const { shared, calls } = session(['solana_signMessage', 'solana_signAndSendTransaction'])
    announceWalletConnectSession(shared)
    const { connections, current } = solana.getConnectionState()
    expect(current).toBe(PART)
    expect(connections.get(PART)).toEqual({
      connectorId: PART,
      accounts: [{ address: responder.address, type: 'eoa' }],
      chainId: network.id,
      partOf: { namespace: 'eip155', connectorId: 'walletConnect' },
    })
    expect(solana.getConnectors().find((connector) => connector.id === PART)).toMatchObject({
      type: 'MULTI_CHAIN',
      name: 'WalletConnect',
      chain: 'solana',
    })
    const actions = (await solana.loadWalletActions?.()) as WalletActions
    expect(await send(actions, 1_500_000_000n)).toBe(1_500_000_000n)
    expect(calls).toEqual([{ chainId: LOCAL_SOLANA_CHAIN_ID, method: 'solana_signAndSendTransaction' }])
  })

  it('signs a message (a sign-in) over the session with solana_signMessage: the account’s ed25519 signature', async () => {
    const solana = adapter()
    const { shared, calls } = session(['solana_signMessage'])
    announceWalletConnectSession(shared)
    const actions = (await solana.loadWalletActions?.()) as WalletActions
    const signature = await actions.signMessage(responder.address, 'Sign in to All-Access Pass')
    const key = await getPublicKeyFromAddress(address(responder.address))
    const bytes = signatureBytes(new Uint8Array(getBase58Encoder().encode(signature)))
    const message = new TextEncoder().encode('Sign in to All-Access Pass')
    expect(await verifySignature(key, bytes, message)).toBe(true)
    expect(calls).toEqual([{ chainId: LOCAL_SOLANA_CHAIN_ID, method: 'solana_signMessage' }])
  })

  it("with only solana_signTransaction, and a wallet that answers the signature alone, puts it in the site's transaction and sends that", async () => {
    const solana = adapter()
    const { shared, calls } = session(['solana_signTransaction'], (result) => ({
      signature: (result as { signature: string }).signature,
    }))
    announceWalletConnectSession(shared)
    const actions = (await solana.loadWalletActions?.()) as WalletActions
    expect(await send(actions, 1_000_000_000n)).toBe(1_000_000_000n)
    expect(calls.map((call) => call.method)).toEqual(['solana_signTransaction'])
  })

  it('disconnected from Solana, ends the session once; the session ending closes the part', async () => {
    const solana = adapter()
    const { shared } = session(['solana_signAndSendTransaction'])
    announceWalletConnectSession(shared)
    await solana.disconnect(PART)
    expect(shared.disconnect).toHaveBeenCalledTimes(1)
    expect(solana.getConnectionState()).toMatchObject({ current: null, status: 'disconnected' })
    expect(solana.getConnectors().some((connector) => connector.id === PART)).toBe(false)
  })

  it('a session the wallet updates stays one connection: never ended and made anew, its new methods its features', async () => {
    const solana = adapter()
    const { shared } = session(['solana_signMessage'])
    announceWalletConnectSession(shared)
    const seen: boolean[] = []
    solana.subscribe(() => seen.push(solana.getConnectionState().connections.has(PART)))
    announceWalletConnectSession({ ...shared, methods: () => ['solana_signAndSendTransaction'] })
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.every(Boolean)).toBe(true)
    const wallet = (await solana
      .getConnectors()
      .find((c) => c.id === PART)
      ?.getProvider?.()) as {
      features: Record<string, unknown>
    }
    expect(Object.keys(wallet.features)).toContain('solana:signAndSendTransaction')
    expect(Object.keys(wallet.features)).not.toContain('solana:signMessage')
  })

  it('a session without Solana accounts opens nothing', () => {
    const solana = adapter()
    const { shared } = session([])
    announceWalletConnectSession({ ...shared, accounts: () => [] })
    expect(solana.getConnectionState().connections.size).toBe(0)
  })

  it("keeps only a session's Solana keys on the site's networks: malformed entries neither open nor break anything", () => {
    const solana = adapter()
    const { shared } = session(['solana_signAndSendTransaction'])
    const good = `${LOCAL_SOLANA_CHAIN_ID}:${responder.address}`
    announceWalletConnectSession({
      ...shared,
      accounts: (namespace) =>
        namespace === 'solana'
          ? [
              `${LOCAL_SOLANA_CHAIN_ID}:0x00`,
              `${LOCAL_SOLANA_CHAIN_ID}:${responder.address}:extra`,
              `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${responder.address}`,
              `${LOCAL_SOLANA_CHAIN_ID}:11111111111111111111111111111111111111111111`,
              good,
            ]
          : [],
    })
    const [connection] = [...solana.getConnectionState().connections.values()]
    expect(connection?.accounts).toEqual([{ address: responder.address, type: 'eoa' }])
    // Nothing usable at all: no connection, and the adapter lives on.
    announceWalletConnectSession({
      ...shared,
      topic: 'other',
      accounts: () => [`${LOCAL_SOLANA_CHAIN_ID}:0x00`],
    })
    expect(solana.getConnectionState().connections.size).toBe(0)
    expect(solana.getConnectors()).toBeInstanceOf(Array)
  })

  it("an extension registered under the part's name neither shadows it nor ends it", async () => {
    const solana = adapter()
    const { shared } = session(['solana_signAndSendTransaction'])
    announceWalletConnectSession(shared)
    const impostor = {
      version: '1.0.0',
      name: 'WalletConnect',
      icon: 'data:image/svg+xml;base64,PHN2Zy8+',
      chains: [LOCAL_SOLANA_CHAIN_ID],
      accounts: [],
      features: { 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) } },
    } as unknown as import('@wallet-standard/base').Wallet
    const unregister = getWallets().register(impostor)
    expect(solana.getConnectors().filter((connector) => connector.id === PART)).toHaveLength(1)
    expect(solana.getConnectors().find((connector) => connector.id === PART)?.type).toBe('MULTI_CHAIN')
    unregister()
    expect(solana.getConnectionState().connections.get(PART)?.partOf).toEqual(shared.owner)
  })
})
