import { EventEmitter } from 'node:events'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { offerWalletConnectNamespace } from '../walletConnectSession'
import {
  createWalletConnectProvider,
  PROPOSED_EVENTS,
  PROPOSED_METHODS,
  type WalletConnectClient,
} from './walletConnectProvider'

const ALICE = '0x00000000000000000000000000000000000a11ce'
const BOB = '0x0000000000000000000000000000000000000b0b'
const TOPIC = 'session-topic'
const session = (accounts: string[], methods = PROPOSED_METHODS) => ({
  topic: TOPIC,
  namespaces: { eip155: { accounts, methods, events: PROPOSED_EVENTS } },
})

/** WalletConnect's sign client as far as the provider uses it: its events, storage, pairings and sessions. */
function fakeClient({
  stored,
  storedChainId,
}: {
  stored?: ReturnType<typeof session>
  storedChainId?: number
} = {}) {
  const events = new EventEmitter()
  const storage = new Map<string, unknown>(
    storedChainId ? [['wc@2:ethereum_provider:/chainId', storedChainId]] : [],
  )
  let approve: (approved: ReturnType<typeof session>) => void = () => {}
  let reject: (error: { message: string; code: number }) => void = () => {}
  const client = {
    on: (event: string, listener: (payload: unknown) => void) => events.on(event, listener),
    core: {
      storage: {
        getItem: async (key: string) => storage.get(key),
        setItem: async (key: string, value: unknown) => void storage.set(key, value),
      },
      expirer: { set: vi.fn() },
      relayer: { subscriber: { unsubscribe: vi.fn(async () => {}) } },
    },
    pairing: { getAll: () => [{ topic: 'old-pairing' }] },
    session: { getAll: () => (stored ? [stored] : []) },
    connect: vi.fn(async () => ({
      uri: 'wc:pairing@2',
      approval: () =>
        new Promise((resolve, fail) => {
          approve = resolve
          reject = fail
        }),
    })),
    request: vi.fn(async () => '0xsigned'),
    disconnect: vi.fn(async () => {}),
  }
  return {
    client,
    storage,
    emit: (event: string, payload: unknown) => events.emit(event, payload),
    approve: (approved: ReturnType<typeof session>) => approve(approved),
    reject: (error: { message: string; code: number }) => reject(error),
  }
}

function listeners() {
  return {
    accountsChanged: vi.fn(),
    chainChanged: vi.fn(),
    disconnect: vi.fn(),
    displayUri: vi.fn(),
    sessionChanged: vi.fn(),
  }
}

async function setup(options?: Parameters<typeof fakeClient>[0]) {
  const fake = fakeClient(options)
  const read = vi.fn(async () => '0x1')
  const events = listeners()
  const provider = await createWalletConnectProvider(
    fake.client as unknown as WalletConnectClient,
    read,
    events,
  )
  return { ...fake, read, events, provider }
}

async function connected(accounts = [`eip155:31337:${ALICE}`, `eip155:1:${ALICE}`]) {
  const context = await setup()
  const connecting = context.provider.connect([31337, 1])
  await vi.waitFor(() => expect(context.events.displayUri).toHaveBeenCalled())
  context.approve(session(accounts))
  await connecting
  return context
}

describe('the WalletConnect provider', () => {
  // The namespaces offered are the page's (chains/walletConnectSession.ts): a Solana adapter another test file made
  // in this worker may still offer its own.
  beforeEach(() => offerWalletConnectNamespace('solana', undefined))

  it("proposes the site's chains as optional eip155 chains, shows the pairing link, and takes the approved session", async () => {
    const { client, events, provider, storage } = await connected()
    expect(client.connect).toHaveBeenCalledWith({
      optionalNamespaces: {
        eip155: { chains: ['eip155:31337', 'eip155:1'], methods: PROPOSED_METHODS, events: PROPOSED_EVENTS },
      },
    })
    expect(PROPOSED_METHODS).toEqual(expect.arrayContaining(['eth_sendTransaction', 'personal_sign']))
    expect(PROPOSED_EVENTS).toEqual(expect.arrayContaining(['chainChanged', 'accountsChanged']))
    expect(events.displayUri).toHaveBeenCalledWith('wc:pairing@2')
    // Pairings left from earlier attempts are no longer listened to.
    expect(client.core.relayer.subscriber.unsubscribe).toHaveBeenCalledWith('old-pairing')
    expect(provider.session?.topic).toBe(TOPIC)
    expect(provider.chainId).toBe(31337)
    expect(provider.accounts).toEqual([ALICE])
    expect(storage.get('wc@2:ethereum_provider:/chainId')).toBe(31337)
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ALICE])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it("shows only the newest proposal's link: one that comes late, after another was asked for, is not shown", async () => {
    const { client, provider, events, approve } = await setup()
    let late: (uri: string) => void = () => {}
    const approval = () => new Promise(() => {})
    client.connect.mockImplementationOnce(
      () => new Promise((resolve) => (late = (uri) => resolve({ uri, approval }))) as never,
    )
    void provider.connect([31337])
    await vi.waitFor(() => expect(client.connect).toHaveBeenCalledTimes(1))
    const newest = provider.connect([31337])
    await vi.waitFor(() => expect(events.displayUri).toHaveBeenCalledWith('wc:pairing@2'))
    late('wc:late@2')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(events.displayUri.mock.calls).toEqual([['wc:pairing@2']])
    approve(session([`eip155:31337:${ALICE}`]))
    await newest
    expect(provider.accounts).toEqual([ALICE])
  })

  it("passes the wallet's rejection of the proposal on as an Error with its message", async () => {
    const { provider, reject, events } = await setup()
    const connecting = provider.connect([31337])
    await vi.waitFor(() => expect(events.displayUri).toHaveBeenCalled())
    reject({ message: 'User rejected.', code: 5000 })
    await expect(connecting).rejects.toThrow(new Error('User rejected.'))
    expect(provider.session).toBeUndefined()
  })

  it('sends the wallet methods to the wallet on the current chain, and every read to the site’s transport', async () => {
    const { client, read, provider } = await connected()
    const transaction = { from: ALICE, to: BOB, value: '0x1' }
    expect(await provider.request({ method: 'eth_sendTransaction', params: [transaction] })).toBe('0xsigned')
    expect(client.request).toHaveBeenCalledWith({
      topic: TOPIC,
      chainId: 'eip155:31337',
      request: { method: 'eth_sendTransaction', params: [transaction] },
    })
    expect(await provider.request({ method: 'eth_getBalance', params: [ALICE, 'latest'] })).toBe('0x1')
    expect(read).toHaveBeenCalledWith(31337, { method: 'eth_getBalance', params: [ALICE, 'latest'] })
    expect(client.request).toHaveBeenCalledTimes(1)
  })

  it('answers a wallet method the session lacks with 4200, without asking the wallet', async () => {
    const context = await setup()
    const connecting = context.provider.connect([31337])
    await vi.waitFor(() => expect(context.events.displayUri).toHaveBeenCalled())
    const approved = PROPOSED_METHODS.filter((method) => method !== 'wallet_getCapabilities')
    context.approve(session([`eip155:31337:${ALICE}`], approved))
    await connecting
    await expect(
      context.provider.request({ method: 'wallet_getCapabilities', params: [ALICE] }),
    ).rejects.toMatchObject({ code: 4200 })
    expect(context.client.request).not.toHaveBeenCalled()
  })

  it('switches to a chain of the session on the dapp’s side, and asks the wallet for one the session lacks', async () => {
    const { client, events, provider } = await connected()
    expect(
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).toBe(null)
    expect(client.request).not.toHaveBeenCalled()
    expect(events.chainChanged).toHaveBeenLastCalledWith(1)
    expect(provider.chainId).toBe(1)

    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })
    expect(client.request).toHaveBeenCalledWith({
      topic: TOPIC,
      chainId: 'eip155:31337',
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] },
    })
    expect(events.chainChanged).toHaveBeenLastCalledWith(10)
  })

  it("follows the wallet's chain and account changes of its session, and ignores other sessions'", async () => {
    const { emit, events, provider } = await connected([`eip155:31337:${ALICE}`, `eip155:1:${BOB}`])
    emit('session_event', {
      topic: 'other',
      params: { chainId: 'eip155:1', event: { name: 'chainChanged', data: 1 } },
    })
    expect(events.chainChanged).not.toHaveBeenCalled()

    emit('session_event', {
      topic: TOPIC,
      params: { chainId: 'eip155:31337', event: { name: 'chainChanged', data: '0x1' } },
    })
    expect(events.chainChanged).toHaveBeenCalledWith(1)
    // The session's account on the new chain comes with it.
    expect(events.accountsChanged).toHaveBeenCalledWith([BOB])
    expect(provider.accounts).toEqual([BOB])

    emit('session_event', {
      topic: TOPIC,
      params: { chainId: 'eip155:1', event: { name: 'accountsChanged', data: [`eip155:1:${ALICE}`] } },
    })
    expect(events.accountsChanged).toHaveBeenLastCalledWith([ALICE])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ALICE])

    // The same session's Solana events are the Solana family's: EVM's accounts and chain stay as they are.
    const solanaChain = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    emit('session_event', {
      topic: TOPIC,
      params: { chainId: solanaChain, event: { name: 'accountsChanged', data: [`${solanaChain}:Sol1`] } },
    })
    emit('session_event', {
      topic: TOPIC,
      params: { chainId: solanaChain, event: { name: 'chainChanged', data: solanaChain } },
    })
    expect(events.accountsChanged).toHaveBeenLastCalledWith([ALICE])
    expect(events.chainChanged).toHaveBeenLastCalledWith(1)
  })

  it("takes the wallet's session updates: a new account on the current chain reaches the page", async () => {
    const { emit, events, provider } = await connected()
    emit('session_update', {
      topic: TOPIC,
      params: { namespaces: session([`eip155:31337:${BOB}`]).namespaces },
    })
    expect(events.accountsChanged).toHaveBeenCalledWith([BOB])
    expect(provider.session?.namespaces.eip155?.accounts).toEqual([`eip155:31337:${BOB}`])
  })

  it('ends on the wallet’s delete or the session’s expiry: disconnected, its pairings deleted', async () => {
    for (const ending of ['session_delete', 'session_expire']) {
      const { client, emit, events, provider } = await connected()
      emit(ending, { topic: 'other' })
      expect(events.disconnect).not.toHaveBeenCalled()
      emit(ending, { topic: TOPIC })
      expect(events.disconnect).toHaveBeenCalledTimes(1)
      expect(provider.session).toBeUndefined()
      expect(provider.accounts).toEqual([])
      expect(client.core.expirer.set).toHaveBeenCalledWith('old-pairing', 0)
    }
  })

  it("ends the session on the dapp's side with WalletConnect's reason USER_DISCONNECTED", async () => {
    const { client, provider } = await connected()
    await provider.disconnect()
    expect(client.disconnect).toHaveBeenCalledWith({
      topic: TOPIC,
      reason: expect.objectContaining({ code: 6000, message: 'User disconnected.' }),
    })
    expect(provider.session).toBeUndefined()
    await provider.disconnect()
    expect(client.disconnect).toHaveBeenCalledTimes(1)
  })

  it('restores a stored session on its stored chain, or on the first chain of its accounts', async () => {
    const accounts = [`eip155:31337:${ALICE}`, `eip155:1:${BOB}`]
    const onStoredChain = await setup({ stored: session(accounts), storedChainId: 1 })
    expect(onStoredChain.provider.chainId).toBe(1)
    expect(onStoredChain.provider.accounts).toEqual([BOB])

    const onFirstChain = await setup({ stored: session(accounts) })
    expect(onFirstChain.provider.chainId).toBe(31337)
    expect(onFirstChain.provider.accounts).toEqual([ALICE])

    const none = await setup()
    expect(none.provider.session).toBeUndefined()
    expect(await none.provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(none.provider.request({ method: 'personal_sign', params: ['0x00', ALICE] })).rejects.toThrow(
      /connect\(\)/,
    )
  })

  it("proposes the namespaces other families offer beside eip155 (Solana's), and hands them the session", async () => {
    const chain = 'solana:Tnwe9PZ5Ug274Ze7Tiurka8Y4UF42N4B' as const
    const solana = {
      chains: [chain],
      methods: ['solana_signAndSendTransaction'],
      events: [],
    }
    offerWalletConnectNamespace('solana', solana)
    try {
      const { client, events, provider } = await connected()
      expect(client.connect).toHaveBeenCalledWith({
        optionalNamespaces: {
          solana,
          eip155: {
            chains: ['eip155:31337', 'eip155:1'],
            methods: PROPOSED_METHODS,
            events: PROPOSED_EVENTS,
          },
        },
      })
      expect(events.sessionChanged).toHaveBeenLastCalledWith(provider.session)
      // Another family's request goes over the same session, on the chain it names.
      const params = { transaction: 'AQ==' }
      await provider.requestOn(chain, 'solana_signAndSendTransaction', params)
      expect(client.request).toHaveBeenCalledWith({
        topic: TOPIC,
        chainId: chain,
        request: { method: 'solana_signAndSendTransaction', params },
      })
      await provider.disconnect()
      expect(events.sessionChanged).toHaveBeenLastCalledWith(undefined)
      expect(client.disconnect).toHaveBeenCalledTimes(1)
    } finally {
      offerWalletConnectNamespace('solana', undefined)
    }
  })
})
