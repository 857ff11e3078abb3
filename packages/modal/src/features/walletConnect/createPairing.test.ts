import { describe, expect, it } from 'vitest'
import type { ChainAdapter, ConnectionState } from '../../chains/types'
import { createModal } from '../../core/createModal'
import { currentEntry } from '../../kernel/router'
import { metadata } from '../../testing/mockModal'

/** An adapter whose one WalletConnect connector makes a link, then waits for the test to settle it. */
function walletConnectAdapter() {
  const uriListeners = new Set<(uri: string) => void>()
  let settle: (() => void) | undefined
  const state: ConnectionState = { connections: new Map(), current: null, status: 'disconnected' }
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    networks: [],
    getConnectors: () => [{ id: 'wc', type: 'WALLET_CONNECT', name: 'WalletConnect', chain: 'eip155' }],
    getConnectionState: () => state,
    subscribe: () => () => {},
    connect: () =>
      new Promise<void>((resolve) => {
        settle = resolve
        for (const listener of uriListeners) listener('wc:link@2')
      }),
    disconnect: async () => {},
    subscribePairingUri: (_id, listener) => {
      uriListeners.add(listener)
      return () => uriListeners.delete(listener)
    },
    abandonConnect: () => {},
  }
  return { adapter, approve: () => settle?.() }
}

describe('WalletConnect pairing (docs/behaviour.md#walletconnect)', () => {
  it('picking the WalletConnect connector shows the pairing view with its link; approving closes the modal', async () => {
    const { adapter, approve } = walletConnectAdapter()
    const modal = createModal({ adapters: [adapter], metadata, projectId: 'test', isMobile: () => false })
    modal.open({ view: 'Connect' })
    const pairing = modal.connect('wc')
    expect(currentEntry(modal.getState().router)).toEqual({
      view: 'ConnectingWalletConnect',
      data: { connectorId: 'wc' },
    })
    expect(modal.walletConnectPairing.getState().uri).toBe('wc:link@2')
    approve()
    await pairing
    expect(modal.getState().open).toBe(false)
    expect(modal.walletConnectPairing.getState().uri).toBeNull()
    modal.destroy()
  })
})
