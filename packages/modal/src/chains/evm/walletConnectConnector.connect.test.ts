import { EventEmitter } from 'node:events'
import { createConfig, createStorage, custom } from '@wagmi/core'
import { createEmitter } from '@wagmi/core/internal'
import { describe, expect, it, vi } from 'vitest'
import { alice, devnet } from '../../testing/devnet'
import { createWalletConnectConnector } from './walletConnectConnector'

const TOPIC = 'session-topic'
const approved = {
  topic: TOPIC,
  namespaces: { eip155: { accounts: [`eip155:${devnet.id}:${alice}`], methods: [], events: [] } },
}

/** WalletConnect's sign client, answering the proposal at once with a session on the devnet. */
const client = {
  on: () => {},
  core: {
    storage: { getItem: async () => undefined, setItem: async () => {} },
    expirer: { set: () => {} },
    relayer: Object.assign(new EventEmitter(), { subscriber: { unsubscribe: async () => {} } }),
    verify: {},
  },
  pairing: { getAll: () => [] },
  session: { getAll: () => [] },
  connect: vi.fn(async () => ({ uri: 'wc:pairing@2', approval: async () => approved })),
  request: vi.fn(),
}
vi.mock('@walletconnect/sign-client', () => ({ SignClient: { init: vi.fn(async () => client) } }))
// The connector makes the client's core first, to hear its relayer before the client starts.
vi.mock('@walletconnect/core', () => ({
  Core: vi.fn(function Core() {
    return client.core
  }),
}))

function memory() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

function setup() {
  const read = vi.fn(async (_request: { method: string }) => '0x2a')
  const transports = { [devnet.id]: custom({ request: read }) }
  const config = createConfig({
    chains: [devnet],
    transports,
    storage: createStorage({ storage: memory() }),
    multiInjectedProviderDiscovery: false,
  })
  const emitter = createEmitter<{ message: { type: string; data?: unknown } }>('walletConnect')
  const messages: unknown[] = []
  emitter.on('message', ({ type, data }) => messages.push({ type, data }))
  const connector = createWalletConnectConnector(
    { projectId: 'allaccess-local', verifyUrl: 'http://127.0.0.1:1/verify/v3' },
    { chains: config.chains, emitter, storage: config.storage, transports } as never,
  )
  return { config, connector, messages, read }
}

describe('the WalletConnect connector', () => {
  it('pairs through the sign client, remembers the chains it asked for, and reads through the config’s transport', async () => {
    const { config, connector, messages, read } = setup()
    expect(await connector.connect()).toEqual({ accounts: [alice], chainId: devnet.id })
    expect(messages).toEqual([{ type: 'display_uri', data: 'wc:pairing@2' }])
    expect(await config.storage?.getItem('walletConnect.requestedChains' as never)).toEqual([devnet.id])
    expect(client.core.verify).toEqual({ verifyUrlV3: 'http://127.0.0.1:1/verify/v3' })

    const provider = await connector.getProvider()
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x2a')
    expect(read.mock.calls.map(([request]) => request)).toEqual([
      expect.objectContaining({ method: 'eth_blockNumber' }),
    ])
    expect(client.request).not.toHaveBeenCalled()
    expect(await connector.isAuthorized()).toBe(true)
  })

  it('answers with capabilities when asked, as wagmi connectors do', async () => {
    const { connector } = setup()
    expect(await connector.connect({ withCapabilities: true })).toEqual({
      accounts: [{ address: alice, capabilities: {} }],
      chainId: devnet.id,
    })
  })
})
