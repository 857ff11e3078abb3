import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SiwxAdapter, SiwxMessageData, SiwxSession } from '../../api/siwxAdapter'
import { createModal } from '../../app/createModal'
import type { Modal } from '../../app/modal'
import { evmFamily } from '../../chains/evm/evmFamily'
import type { ChainAdapter, SignInOnConnect, WalletActions } from '../../chains/types'
import { currentEntry } from '../../kernel/router'
import { createConnectionStateStore } from '../../testing/connectionStateStore'
import { devnetNetwork } from '../../testing/devnet'
import '../../testing/settleFeatures'
import { formatSiwxMessage } from '../../chains/evm/signInMessage'
import type { SiwxFeature } from './createSiwxFeature'
import { SiwxErrorText } from './errors'
import { siwxFeature } from './siwxFeature'

// The behaviour these tests check: docs/behaviour.md#sign-in.

// Anvil's first dev key: a real signature that the fake server below verifies.
const wallet = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const devnet = devnetNetwork
const metadata = { name: 'All-Access Pass', description: '', url: 'http://127.0.0.1:5173', icons: [] }

/**
 * An EVM-namespaced adapter whose one connector connects the dev account and signs with its key; like a
 * WalletConnect wallet with one-click authentication, it signs in as it connects when asked to.
 */
function evmAdapter(signMessage: WalletActions['signMessage']): ChainAdapter {
  let signIn: SignInOnConnect | undefined
  const { set, ...connection } = createConnectionStateStore()
  return {
    namespace: 'eip155',
    family: evmFamily,
    networks: [devnet],
    getConnectors: () => [
      { id: 'testkit', type: 'ANNOUNCED', name: 'Testkit Wallet', chain: 'eip155' },
      { id: 'one-click', type: 'ANNOUNCED', name: 'One-click Wallet', chain: 'eip155' },
    ],
    ...connection,
    setSignInOnConnect(request) {
      signIn = request
    },
    async connect(connectorId) {
      if (signIn && connectorId === 'one-click') {
        const fields = await signIn.fields('eip155:31337')
        const message = formatSiwxMessage({
          ...fields,
          chainId: 'eip155:31337',
          accountAddress: wallet.address,
          version: '1',
        })
        const signature = await signMessage(wallet.address, message)
        signIn.signed({
          chainId: 'eip155:31337',
          address: wallet.address,
          message,
          signature,
          cacao: { s: signature },
          wallet: { name: 'One-click Wallet', icon: 'https://wallet.example/icon.png' },
        })
      }
      const connection = {
        connectorId,
        accounts: [{ address: wallet.address, type: 'eoa' as const }],
        chainId: 31337,
      }
      set({ connections: new Map([['c', connection]]), current: 'c', status: 'connected' })
    },
    async disconnect() {
      set({ connections: new Map(), current: null, status: 'disconnected' })
    },
    // The account feature reads a balance once connected: an empty wallet.
    loadWalletActions: async () =>
      ({
        signMessage,
        getCapabilities: async () => ({}),
        getBalance: async () => ({ value: 0n, decimals: 18, symbol: 'ETH' }),
      }) as unknown as WalletActions,
  }
}

/** A server in memory: single-use nonces, and a session only for a message signed by its account. */
function fakeServer() {
  const nonces = new Set<string>()
  const sessions: SiwxSession[] = []
  let count = 0
  const adapter: SiwxAdapter = {
    createMessage: vi.fn(async ({ chainId, accountAddress }): Promise<SiwxMessageData> => {
      const nonce = `nonce${++count}nonce`
      nonces.add(nonce)
      return { chainId, accountAddress, domain: '127.0.0.1:5173', uri: metadata.url, version: '1', nonce }
    }),
    addSession: vi.fn(async (session: SiwxSession) => {
      const parsed = parseSiweMessage(session.message)
      const valid = await verifyMessage({
        address: wallet.address,
        message: session.message,
        signature: session.signature as `0x${string}`,
      })
      if (!valid || !parsed.nonce || !nonces.delete(parsed.nonce)) throw new Error('refused')
      sessions.push(session)
    }),
    getSessions: vi.fn(async () => [...sessions]),
    revokeSession: vi.fn(async () => {
      sessions.length = 0
    }),
    setSessions: vi.fn(async (next: SiwxSession[]) => {
      sessions.splice(0, sessions.length, ...next)
    }),
  }
  return { adapter, sessions }
}

let modal: Modal | undefined
afterEach(() => modal?.destroy())

async function harness({
  server = fakeServer(),
  signMessage = (async (_address: string, message: string) =>
    wallet.signMessage({ message })) as WalletActions['signMessage'],
  required,
}: {
  server?: ReturnType<typeof fakeServer>
  signMessage?: WalletActions['signMessage']
  required?: boolean
} = {}) {
  // The account feature, loaded beside, finds no token balances without a cloud: its warnings are expected.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const module = siwxFeature({ adapter: server.adapter, ...(required === undefined ? {} : { required }) })
  modal = createModal({
    adapters: [evmAdapter(signMessage)],
    metadata,
    projectId: 'test',
    isMobile: () => false,
    modules: [module],
  })
  await modal.loadFeatures()
  const siwx: SiwxFeature = modal.feature(module)
  const view = () => (modal?.getState().open ? currentEntry(modal.getState().router).view : 'closed')
  const settled = () => vi.waitFor(() => expect(siwx.state.getState().status).not.toBe('checking'))
  return { modal, siwx, server, view, settled }
}

describe('sign in with the wallet', () => {
  it('asks a wallet without a session to sign, and keeps the session the server verified', async () => {
    const { modal, siwx, server, view, settled } = await harness()
    await modal.connect('testkit')
    await settled()
    expect(siwx.state.getState().status).toBe('unsigned')
    expect(view()).toBe('SiwxSignMessage')

    await siwx.signIn()
    expect(siwx.state.getState().status).toBe('signedIn')
    expect(view()).toBe('closed')
    const [session] = server.sessions
    // The server is asked with an empty account address (spec §7), the modal fills it in.
    expect(server.adapter.createMessage).toHaveBeenCalledWith({ chainId: 'eip155:31337', accountAddress: '' })
    expect(session?.data.accountAddress).toBe(wallet.address)
    expect(parseSiweMessage(session?.message ?? '')).toMatchObject({
      address: wallet.address,
      chainId: 31337,
    })
    expect(siwx.state.getState().session).toEqual(session)
    // The connected wallet's metadata is kept with the sign-in, and goes with a sign-out.
    expect(siwx.state.getState().wallet).toEqual({
      type: 'ANNOUNCED',
      name: 'Testkit Wallet',
      icon: undefined,
    })
    await siwx.signOut()
    expect(siwx.state.getState().wallet).toBeUndefined()
  })

  it('keeps the sign-in a wallet made as it connected (one-click), and asks nothing more', async () => {
    const { modal, siwx, server, view, settled } = await harness()
    await modal.connect('one-click')
    await settled()
    expect(siwx.state.getState().status).toBe('signedIn')
    expect(view()).toBe('closed')
    expect(server.adapter.createMessage).toHaveBeenCalledWith({ chainId: 'eip155:31337', accountAddress: '' })
    expect(server.sessions).toHaveLength(1)
    expect(server.sessions[0]?.cacao).toBeDefined()
    // Kept as a WalletConnect sign-in, named as the wallet's pairing describes it.
    expect(siwx.state.getState().wallet).toEqual({
      type: 'WALLET_CONNECT',
      name: 'One-click Wallet',
      icon: 'https://wallet.example/icon.png',
    })
  })

  it('disconnects when the server refuses what the wallet signed as it connected', async () => {
    const { modal, settled } = await harness({
      signMessage: async (_address, message) =>
        privateKeyToAccount(`0x${'22'.repeat(32)}`).signMessage({ message }),
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await modal.connect('one-click')
    await settled()
    await vi.waitFor(() => expect(modal.getAccount().address).toBeUndefined())
    expect(modal.banner.getState().banner).toMatchObject({ message: SiwxErrorText.saveFailed })
  })

  it('does not ask again while the server has a live session for the account', async () => {
    const server = fakeServer()
    const first = await harness({ server })
    await first.modal.connect('testkit')
    await first.settled()
    await first.siwx.signIn()
    first.modal.destroy()

    const { modal, siwx, view, settled } = await harness({ server })
    await modal.connect('testkit')
    await settled()
    expect(siwx.state.getState().status).toBe('signedIn')
    expect(view()).toBe('closed')
  })

  it('says the message could not be made when the server does not give one', async () => {
    const server = fakeServer()
    vi.mocked(server.adapter.createMessage).mockRejectedValueOnce(new Error('down'))
    const { modal, siwx, settled } = await harness({ server })
    await modal.connect('testkit')
    await settled()
    await siwx.signIn()
    expect(siwx.state.getState()).toMatchObject({ status: 'unsigned', error: SiwxErrorText.initialize })
  })

  it('keeps the wallet connected and offers to sign again when the wallet refuses', async () => {
    const refuse = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    const { modal, siwx, view, settled } = await harness({ signMessage: async () => Promise.reject(refuse) })
    await modal.connect('testkit')
    await settled()
    await siwx.signIn()
    // A rejection reads as one (spec §5), not as a failure.
    expect(siwx.state.getState()).toMatchObject({ status: 'unsigned', error: 'Sign-in rejected' })
    expect(modal.getAccount().address).toBe(wallet.address)
    expect(view()).toBe('SiwxSignMessage')
  })

  it("says 'Sign message failed' when the wallet fails to sign for another reason", async () => {
    const { modal, siwx, settled } = await harness({
      signMessage: async () => Promise.reject(new Error('internal error')),
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await modal.connect('testkit')
    await settled()
    await siwx.signIn()
    expect(siwx.state.getState()).toMatchObject({ status: 'unsigned', error: 'Sign message failed' })
  })

  it('disconnects the wallet and says so when the server refuses the signed message', async () => {
    const { modal, siwx, settled } = await harness({
      // Signed by another key: the server's check fails.
      signMessage: async (_address, message) =>
        privateKeyToAccount(`0x${'11'.repeat(32)}`).signMessage({ message }),
    })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    await modal.connect('testkit')
    await settled()
    await siwx.signIn()
    expect(errors).toHaveBeenCalled()
    expect(modal.getAccount().address).toBeUndefined()
    await vi.waitFor(() =>
      expect(modal.banner.getState().banner).toMatchObject({
        variant: 'error',
        message: SiwxErrorText.saveFailed,
      }),
    )
  })

  it('disconnects on Cancel, or on closing the view, when sign-in is required', async () => {
    const { modal, siwx, settled } = await harness()
    await modal.connect('testkit')
    await settled()
    await siwx.cancel()
    expect(modal.getAccount().address).toBeUndefined()

    await modal.connect('testkit')
    await settled()
    modal.close()
    await vi.waitFor(() => expect(modal.getAccount().address).toBeUndefined())
  })

  it('asks only on demand, and only closes on Cancel, when sign-in is optional', async () => {
    const { modal, siwx, view, settled } = await harness({ required: false })
    await modal.connect('testkit')
    await settled()
    expect(siwx.state.getState().status).toBe('unsigned')
    expect(view()).toBe('closed')
    siwx.requestSignIn()
    expect(view()).toBe('SiwxSignMessage')
    await siwx.cancel()
    expect(view()).toBe('closed')
    expect(modal.getAccount().address).toBe(wallet.address)
  })

  it('signs out on the server and clears the sessions when the wallet disconnects', async () => {
    const { modal, siwx, server, settled } = await harness()
    await modal.connect('testkit')
    await settled()
    await siwx.signIn()
    await siwx.signOut()
    expect(server.adapter.revokeSession).toHaveBeenCalledWith('eip155:31337', wallet.address)
    expect(siwx.state.getState().status).toBe('unsigned')

    await modal.disconnect()
    await vi.waitFor(() => expect(server.adapter.setSessions).toHaveBeenCalledWith([]))
    expect(siwx.state.getState().status).toBe('idle')
  })
})
