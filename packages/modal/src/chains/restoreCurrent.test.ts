import { createConfig, http, mock, reconnect } from '@wagmi/core'
import { describe, expect, it, vi } from 'vitest'
import { createModal } from '../app/createModal'
import { alice, bob, devnet } from '../testing/devnet'
import { memoryStorage } from '../testing/memoryStorage'
import { metadata, namedMock } from '../testing/mockModal'
import { createReloadedAdapter } from '../testing/reloadedAdapter'
import { ACTIVE_NAMESPACE_KEY, CONNECTION_ORDER_KEY, CURRENT_CONNECTION_KEY } from './connectionRules'
import { createEvmAdapter } from './evm/createEvmAdapter'

// The behaviour these tests check: docs/behaviour.md#profile-wallets (a reload keeps the current one, spec §4).

/** A page's storage as the last page left it: the wallets in the order they connected, and the current one. */
const leftWith = (order: string[], current: Record<string, string>) =>
  new Map([
    [CONNECTION_ORDER_KEY, JSON.stringify(order)],
    [CURRENT_CONNECTION_KEY, JSON.stringify(current)],
  ])

const modalOver = (
  adapter: Parameters<typeof createModal>[0]['adapters'][number],
  items: Map<string, string>,
) =>
  createModal({
    adapters: [adapter],
    metadata,
    projectId: 'test',
    environment: { storage: memoryStorage(items) },
  })

describe('the current connection across a reload', () => {
  it('the one current when the page was left is current again, though another reconnected first', async () => {
    const adapter = createReloadedAdapter(['one', 'two', 'three'])
    const modal = modalOver(
      adapter,
      leftWith(['solana/one', 'solana/two', 'solana/three'], { solana: 'solana/two' }),
    )
    adapter.reconnects.three?.resolve()
    adapter.reconnects.one?.resolve()
    adapter.reconnects.two?.resolve()
    await vi.waitFor(() => expect(modal.getAccount('solana').connector?.id).toBe('two'))
  })

  it('when it does not reconnect, the first connected of those that did is current', async () => {
    const adapter = createReloadedAdapter(['one', 'two', 'three'])
    const items = leftWith(['solana/one', 'solana/two', 'solana/three'], { solana: 'solana/three' })
    const modal = modalOver(adapter, items)
    adapter.reconnects.two?.resolve()
    adapter.reconnects.three?.reject(new Error('not authorized any more'))
    adapter.reconnects.one?.resolve()
    await vi.waitFor(() => expect(modal.getAccount('solana').connector?.id).toBe('one'))
    expect(JSON.parse(items.get(CURRENT_CONNECTION_KEY) ?? '')).toEqual({ solana: 'solana/one' })
  })

  it("keeps the visitor's pick, not the first wallet that reconnects while the page loads", async () => {
    const adapter = createReloadedAdapter(['one', 'two'])
    const items = leftWith(['solana/one', 'solana/two'], { solana: 'solana/two' })
    const modal = modalOver(adapter, items)
    adapter.reconnects.one?.resolve()
    await vi.waitFor(() => expect(adapter.getConnectionState().current).toBe('one'))
    expect(JSON.parse(items.get(CURRENT_CONNECTION_KEY) ?? '')).toEqual({ solana: 'solana/two' })
    adapter.reconnects.two?.resolve()
    await vi.waitFor(() => expect(modal.getAccount('solana').connector?.id).toBe('two'))
    await modal.switchConnection('solana/one')
    expect(JSON.parse(items.get(CURRENT_CONNECTION_KEY) ?? '')).toEqual({ solana: 'solana/one' })
  })

  it("over wagmi: its reconnect makes the first connector back current; the modal's record wins", async () => {
    const reconnecting = { reconnect: true, defaultConnected: true } as const
    const config = createConfig({
      chains: [devnet],
      connectors: [
        mock({ accounts: [alice], features: reconnecting }),
        namedMock('email', bob, reconnecting),
      ],
      transports: { [devnet.id]: http() },
      storage: null,
      multiInjectedProviderDiscovery: false,
    })
    const modal = modalOver(
      createEvmAdapter(config),
      leftWith(['eip155/mock', 'eip155/email'], { eip155: 'eip155/email' }),
    )
    // As wagmi's hydrate leaves a reload: the stored current one's former id, its wallets reconnecting.
    config.setState((state) => ({ ...state, current: 'former-uid', status: 'reconnecting' }))
    await reconnect(config)
    await vi.waitFor(() => expect(modal.getAccount().connector?.id).toBe('email'))
    expect(modal.getAccount().address).toBe(bob)
  })

  it('the namespace acted on when the page was left is active again once its wallet is back, though another family came first', async () => {
    const config = createConfig({
      chains: [devnet],
      connectors: [mock({ accounts: [alice], features: { reconnect: true, defaultConnected: true } })],
      transports: { [devnet.id]: http() },
      storage: null,
      multiInjectedProviderDiscovery: false,
    })
    const solana = createReloadedAdapter(['one'])
    const items = leftWith(['eip155/mock', 'solana/one'], { eip155: 'eip155/mock', solana: 'solana/one' })
    items.set(ACTIVE_NAMESPACE_KEY, 'solana')
    const modal = createModal({
      adapters: [createEvmAdapter(config), solana],
      metadata,
      projectId: 'test',
      environment: { storage: memoryStorage(items) },
    })
    await reconnect(config)
    await vi.waitFor(() => expect(modal.getAccount('eip155').address).toBe(alice))
    expect(modal.getActiveNetwork().chainNamespace).toBe('eip155')
    solana.reconnects.one?.resolve()
    await vi.waitFor(() => expect(modal.getActiveNetwork().chainNamespace).toBe('solana'))
    expect(items.get(ACTIVE_NAMESPACE_KEY)).toBe('solana')
    // The visitor's own switch is what the next page restores.
    await modal.switchConnection(modal.getAccount('eip155').connectionId ?? '')
    expect(items.get(ACTIVE_NAMESPACE_KEY)).toBe('eip155')
  })
})
