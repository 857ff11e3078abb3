import { connect, createConfig, createStorage, disconnect, http, hydrate, mock } from '@wagmi/core'
import { describe, expect, it, vi } from 'vitest'
import { alice, bob, devnet } from '../../testing/devnet'
import { namedMock } from '../../testing/mockModal'
import { createEvmAdapter } from './createEvmAdapter'
import { readPersistedState } from './readPersistedState'

// The behaviour these tests check: docs/behaviour.md#chains.

function memoryStorage(seed: Record<string, string> = {}) {
  const items = new Map(Object.entries(seed))
  return {
    items,
    storage: createStorage({
      storage: {
        getItem: (key) => items.get(key) ?? null,
        setItem: (key, value) => void items.set(key, value),
        removeItem: (key) => void items.delete(key),
      },
    }),
  }
}

function setup(storage = memoryStorage()) {
  const config = createConfig({
    chains: [devnet],
    connectors: [mock({ accounts: [alice], features: { reconnect: true } }), mock({ accounts: [bob] })],
    transports: { [devnet.id]: http() },
    storage: storage.storage,
    multiInjectedProviderDiscovery: false,
  })
  return { config, adapter: createEvmAdapter(config), storage }
}

describe('States and transitions: connection status', () => {
  it('disconnected becomes connected when a connector reports connect', async () => {
    const { config, adapter } = setup()
    expect(adapter.getConnectionState().status).toBe('disconnected')
    const [first] = config.connectors
    if (!first) throw new Error('no connector')
    await connect(config, { connector: first })
    const state = adapter.getConnectionState()
    expect(state.status).toBe('connected')
    expect(state.current && state.connections.get(state.current)).toEqual({
      connectorId: 'mock',
      accounts: [{ address: alice, type: 'eoa' }],
      chainId: 31337,
    })
  })

  it('connected becomes disconnected when the last connection is removed; if others remain, another one becomes current', async () => {
    const { config, adapter } = setup()
    const [first, second] = config.connectors
    if (!first || !second) throw new Error('no connectors')
    await connect(config, { connector: first })
    await connect(config, { connector: second })
    expect(adapter.getConnectionState().connections.size).toBe(2)
    await disconnect(config, { connector: second })
    const remaining = adapter.getConnectionState()
    expect(remaining.status).toBe('connected')
    expect(remaining.current).toBe(first.uid)
    await disconnect(config, { connector: first })
    expect(adapter.getConnectionState()).toMatchObject({ status: 'disconnected', current: null })
    expect(adapter.getConnectionState().connections.size).toBe(0)
  })

  it('status is unchanged while connecting or reconnecting', async () => {
    const { config, adapter } = setup()
    const [first] = config.connectors
    if (!first) throw new Error('no connector')
    config.setState((state) => ({ ...state, status: 'connecting' }))
    first.emitter.emit('connect', { accounts: [alice], chainId: devnet.id })
    expect(adapter.getConnectionState().status).toBe('connecting')
    config.setState((state) => ({ ...state, status: 'reconnecting' }))
    first.emitter.emit('connect', { accounts: [alice], chainId: devnet.id })
    expect(adapter.getConnectionState().status).toBe('reconnecting')
  })

  it('an abandoned connection attempt shows the state before it: disconnected, or connected to the current wallet', async () => {
    const { config, adapter } = setup()
    config.setState((state) => ({ ...state, status: 'connecting' }))
    adapter.abandonConnect?.()
    expect(adapter.getConnectionState().status).toBe('disconnected')

    await connect(config, { connector: config.connectors[0] as (typeof config.connectors)[number] })
    config.setState((state) => ({ ...state, status: 'connecting' }))
    adapter.abandonConnect?.()
    expect(adapter.getConnectionState().status).toBe('connected')
    config.setState((state) => ({ ...state, status: 'reconnecting' }))
    adapter.abandonConnect?.()
    expect(adapter.getConnectionState().status).toBe('reconnecting')
  })

  it('persisted wallet state is restored on load: the first state already shows the connection, reconnecting', async () => {
    const first = setup()
    const [connector] = first.config.connectors
    if (!connector) throw new Error('no connector')
    await connect(first.config, { connector })
    await expect.poll(() => first.storage.items.get('wagmi.store')).toContain(`"current":"${connector.uid}"`)

    const saved = memoryStorage(Object.fromEntries(first.storage.items))
    const initialState = readPersistedState('wagmi', { getItem: (key) => saved.items.get(key) ?? null })
    const reloaded = setup(saved)
    hydrate(reloaded.config, { initialState, reconnectOnMount: true })
    const restoring = reloaded.adapter.getConnectionState()
    expect(restoring.status).toBe('reconnecting')
    expect(restoring.current && restoring.connections.get(restoring.current)?.accounts[0]?.address).toBe(
      alice,
    )
  })
})

describe('States and transitions: a connector relative to a connection (spec §4)', () => {
  function twoWallets() {
    const config = createConfig({
      chains: [devnet],
      connectors: [namedMock('first', alice), namedMock('second', bob)],
      transports: { [devnet.id]: http() },
      storage: null,
      multiInjectedProviderDiscovery: false,
    })
    const [first, second] = config.connectors
    if (!first || !second) throw new Error('no connectors')
    return { config, adapter: createEvmAdapter(config), first, second }
  }

  it('a connected wallet picked again switches without a new login; a disconnected one logs in', async () => {
    const { config, adapter, first, second } = twoWallets()
    const logins = [vi.spyOn(first, 'connect'), vi.spyOn(second, 'connect')]
    await adapter.connect('first')
    await adapter.connect('second')
    expect(logins.map((login) => login.mock.calls.length)).toEqual([1, 1])
    expect(config.state.current).toBe(second.uid)
    await adapter.connect('first')
    expect(logins.map((login) => login.mock.calls.length)).toEqual([1, 1])
    expect(adapter.getConnectionState()).toMatchObject({ current: first.uid, status: 'connected' })
    expect(adapter.getConnectionState().connections.size).toBe(2)
    // The current one picked again is a success, and no login either.
    await adapter.connect('first')
    expect(logins.map((login) => login.mock.calls.length)).toEqual([1, 1])
    await adapter.disconnect(first.uid)
    await adapter.connect('first')
    expect(logins.map((login) => login.mock.calls.length)).toEqual([2, 1])
  })

  it('switchConnection makes another open connection current', async () => {
    const { adapter, first, second } = twoWallets()
    await adapter.connect('first')
    await adapter.connect('second')
    await adapter.switchConnection?.(first.uid)
    expect(adapter.getConnectionState().current).toBe(first.uid)
    await expect(adapter.switchConnection?.('no-such-uid')).rejects.toThrow(
      'No connector found for connection',
    )
    expect(second.uid).not.toBe(first.uid)
  })
})

describe('readPersistedState', () => {
  it('ignores missing and corrupt storage', () => {
    expect(readPersistedState('wagmi', { getItem: () => null })).toBeUndefined()
    expect(readPersistedState('wagmi', { getItem: () => '{not json' })).toBeUndefined()
    expect(readPersistedState('wagmi', { getItem: () => '{"state":{"connections":[]}}' })).toBeUndefined()
  })
})

describe('Connector types', () => {
  it('maps wagmi connectors to the modal connector entity', () => {
    const { adapter } = setup()
    expect(adapter.getConnectors()[0]).toMatchObject({ id: 'mock', type: 'EXTERNAL', name: 'Mock Connector' })
  })

  it('rejects an unknown connector with the catalogue text', async () => {
    const { adapter } = setup()
    await expect(adapter.connect('nope')).rejects.toThrow('No connector found for connection')
  })
})

describe('toConnector', () => {
  it('an EIP-6963 wallet (wagmi names its connector by rdns) carries that rdns as info.rdns', async () => {
    const { toConnector } = await import('./toConnector')
    const announced = {
      id: 'io.metamask',
      type: 'injected',
      name: 'MetaMask',
      icon: 'data:,mm',
    } as Parameters<typeof toConnector>[0]
    expect(toConnector(announced)).toMatchObject({
      type: 'ANNOUNCED',
      info: { rdns: 'io.metamask', icon: 'data:,mm' },
    })
  })
})

describe('WalletConnect pairing messages', () => {
  it("a connector's pairing links and relay refusals reach their own listeners until they unsubscribe", () => {
    const { config, adapter } = setup()
    const [connector] = config.connectors
    if (!connector) throw new Error('no connector')
    const uris: string[] = []
    const reasons: string[] = []
    const stopUris = adapter.subscribePairingUri?.(connector.id, (uri) => uris.push(uri))
    const stopReasons = adapter.subscribeRelayRefusal?.(connector.id, (reason) => reasons.push(reason))
    connector.emitter.emit('message', { type: 'display_uri', data: 'wc:link@2' })
    connector.emitter.emit('message', { type: 'relay_refused', data: 'Unauthorized: invalid key' })
    connector.emitter.emit('message', { type: 'relay_refused' })
    connector.emitter.emit('message', { type: 'other', data: 'x' })
    stopUris?.()
    stopReasons?.()
    connector.emitter.emit('message', { type: 'relay_refused', data: 'Unauthorized: origin not allowed' })
    expect(uris).toEqual(['wc:link@2'])
    expect(reasons).toEqual(['Unauthorized: invalid key'])
  })
})
