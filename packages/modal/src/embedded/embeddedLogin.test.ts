import { describe, expect, it, vi } from 'vitest'
import type { ChainConnection, ConnectionsState } from '../chains/connections'
import type { Chains } from '../chains/createChains'
import type { ConnectionStatus } from '../chains/types'
import { followEmbeddedLogin } from './embeddedLogin'

const connection = (id: string, connectorId: string, type = 'INJECTED'): ChainConnection => ({
  id,
  namespace: id.startsWith('solana') ? 'solana' : 'eip155',
  connector: { id: connectorId, type, name: connectorId, chain: 'eip155' } as ChainConnection['connector'],
  accounts: [{ address: '0x0000000000000000000000000000000000000001', type: 'eoa' }],
  chainId: 31337,
})
const EXTENSION = connection('eip155/ext', 'io.metamask')
const LOGIN = connection('eip155/ID_AUTH', 'ID_AUTH', 'AUTH')
const FOLLOWER = connection('solana/embedded:solana', 'embedded:solana', 'AUTH')

/** The chain layer as the login follower reads it: its connections, each namespace's current and status. */
function fakeChains() {
  let state: ConnectionsState = { connections: new Map(), current: {}, status: { eip155: 'disconnected' } }
  const listeners = new Set<() => void>()
  const chains = {
    getConnections: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  } as unknown as Chains
  const set = (open: ChainConnection[], current: string | undefined, status: ConnectionStatus) => {
    state = {
      connections: new Map(open.map((c) => [c.id, c])),
      current: current ? { eip155: current } : {},
      status: { eip155: status },
    }
    for (const listener of listeners) listener()
  }
  return { chains, set }
}

/** The follower over a fake chain layer; `before`: the connections already open when it starts. */
function follow(
  items: Record<string, string> = {},
  before?: Parameters<ReturnType<typeof fakeChains>['set']>,
) {
  const fake = fakeChains()
  if (before) fake.set(...before)
  const calls = { connected: vi.fn(), ended: vi.fn() }
  followEmbeddedLogin({
    chains: fake.chains,
    storage: { getItem: (key) => items[key] ?? null },
    kept: () => true,
    ...calls,
  })
  return { ...fake, ...calls }
}

describe('following the embedded wallet’s login over the open connections (docs/behaviour.md#email)', () => {
  it('opens when its connection opens, though another wallet is current (a reload in multi-wallet)', () => {
    const { set, connected, ended } = follow({ 'allaccess.emailLoginUsed': 'true' })
    set([EXTENSION], 'eip155/ext', 'connected')
    expect(connected).not.toHaveBeenCalled()
    set([EXTENSION, LOGIN], 'eip155/ext', 'connected')
    set([EXTENSION, LOGIN, FOLLOWER], 'eip155/ext', 'connected')
    expect(connected).toHaveBeenCalledTimes(1)
    expect(ended).not.toHaveBeenCalled()
  })

  it('ends when its connection alone is disconnected and another wallet stays', () => {
    const { set, ended } = follow({ 'allaccess.emailLoginUsed': 'true' })
    set([LOGIN, EXTENSION], 'eip155/ID_AUTH', 'connected')
    set([EXTENSION, FOLLOWER], 'eip155/ext', 'connected')
    expect(ended).toHaveBeenCalledTimes(1)
  })

  it("a reload's reconnect that drops the login a moment (its map starts again from the first wallet back) ends nothing", () => {
    const { set, connected, ended } = follow({ 'allaccess.emailLoginUsed': 'true' })
    set([EXTENSION, LOGIN], 'eip155/ext', 'reconnecting')
    set([EXTENSION], 'eip155/ext', 'reconnecting')
    set([EXTENSION, LOGIN], 'eip155/ext', 'connected')
    expect(ended).not.toHaveBeenCalled()
    expect(connected).toHaveBeenCalledTimes(1)
  })

  it('a login already open when the feature loads counts at once; its later disconnect ends it', () => {
    const { set, connected, ended } = follow({ 'allaccess.emailLoginUsed': 'true' }, [
      [EXTENSION, LOGIN],
      'eip155/ext',
      'connected',
    ])
    expect(connected).toHaveBeenCalledTimes(1)
    set([EXTENSION], 'eip155/ext', 'connected')
    expect(ended).toHaveBeenCalledTimes(1)
  })

  it('a follower (the Solana account) is not the login: alone it neither opens nor keeps it', () => {
    const { set, connected, ended } = follow({ 'allaccess.emailLoginUsed': 'true' })
    set([FOLLOWER], undefined, 'connected')
    expect(connected).not.toHaveBeenCalled()
    expect(ended).not.toHaveBeenCalled()
  })

  it('a dead session found on a reload (flag dropped, nothing connected) forgets what was kept', () => {
    const { set, ended } = follow({})
    set([], undefined, 'disconnected')
    expect(ended).toHaveBeenCalled()
  })

  it('a first login beside a connected wallet keeps what it stored before the connector sets the flag', () => {
    const { set, ended } = follow({}, [[EXTENSION], 'eip155/ext', 'connected'])
    set([EXTENSION], 'eip155/ext', 'connecting')
    expect(ended).not.toHaveBeenCalled()
  })
})
