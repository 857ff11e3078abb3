import { describe, expect, it } from 'vitest'
import { createModal } from '../../app/createModal'
import type { ChainAdapter, ConnectionState } from '../../chains/types'
import { ALERTS } from '../../kernel/alerts'
import { currentEntry } from '../../kernel/router'
import { devnet, devnetNetwork } from '../../testing/devnet'
import { metadata } from '../../testing/mockModal'
import { createTestChainAdapter } from '../../testing/testChainAdapter'

const ALICE = '0x00000000000000000000000000000000000a11ce'

/** An adapter whose one WalletConnect connector makes a link, then waits for the test to settle it. */
function walletConnectAdapter() {
  const uriListeners = new Set<(uri: string) => void>()
  const refusalListeners = new Set<(reason: string) => void>()
  let settle: (() => void) | undefined
  let state: ConnectionState = { connections: new Map(), current: null, status: 'disconnected' }
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    networks: [devnetNetwork],
    getConnectors: () => [{ id: 'wc', type: 'WALLET_CONNECT', name: 'WalletConnect', chain: 'eip155' }],
    getConnectionState: () => state,
    subscribe: () => () => {},
    connect: () =>
      new Promise<void>((resolve) => {
        settle = () => {
          // Approved: the session is the namespace's current connection, as wagmi's state has it then.
          const connection = {
            connectorId: 'wc',
            accounts: [{ address: ALICE, type: 'eoa' as const }],
            chainId: devnet.id,
          }
          state = { connections: new Map([['wc', connection]]), current: 'wc', status: 'connected' }
          resolve()
        }
        for (const listener of uriListeners) listener('wc:link@2')
      }),
    disconnect: async () => {},
    subscribePairingUri: (_id, listener) => {
      uriListeners.add(listener)
      return () => uriListeners.delete(listener)
    },
    subscribeRelayRefusal: (_id, listener) => {
      refusalListeners.add(listener)
      return () => refusalListeners.delete(listener)
    },
    abandonConnect: () => {},
  }
  const refuse = (reason: string) => {
    for (const listener of refusalListeners) listener(reason)
  }
  return { adapter, approve: () => settle?.(), refuse }
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

  it("pairs through the connector's own family while the modal acts on another namespace (a site with Solana)", async () => {
    const { adapter, approve } = walletConnectAdapter()
    const modal = createModal({
      adapters: [adapter, createTestChainAdapter()],
      metadata,
      projectId: 'test',
      isMobile: () => false,
    })
    await modal.connect('test-wallet')
    expect(modal.getAccount().caipAddress).toMatch(/^solana:/)
    modal.open({ view: 'Connect' })
    const pairing = modal.connect('wc')
    expect(modal.walletConnectPairing.getState().uri).toBe('wc:link@2')
    expect(modal.getActiveNetwork().chainNamespace).toBe('solana')
    approve()
    await pairing
    expect(modal.getState().open).toBe(false)
    // The wallet just connected is the one acted on: its family is the active one now.
    expect(modal.getActiveNetwork().chainNamespace).toBe('eip155')
    modal.destroy()
  })

  for (const [reason, alert] of [
    ['Unauthorized: origin not allowed', ALERTS.originNotAllowed],
    ['Unauthorized: invalid key', ALERTS.invalidProjectId],
    ['JWT validation error: JWT Token is not yet valid', ALERTS.sessionExpired],
  ] as const) {
    it(`the relay refusing the client with '${reason}' raises ${alert.title} and fails the pairing`, async () => {
      const { adapter, refuse } = walletConnectAdapter()
      const modal = createModal({ adapters: [adapter], metadata, projectId: 'test', isMobile: () => false })
      modal.open({ view: 'Connect' })
      void modal.connect('wc')
      refuse(reason)
      expect(modal.getState().error).toBe('Failed to connect')
      // The alerts come with the features' chunks: their first import is slow on a busy machine.
      await modal.loadFeatures()
      expect(modal.banner.getState().banner).toMatchObject({
        variant: 'error',
        message: alert.title,
        description: alert.description,
      })
      modal.destroy()
    })
  }

  it("a stored session's client refused on page load raises the alert once, for the visitor's next open", async () => {
    const { adapter, refuse } = walletConnectAdapter()
    const modal = createModal({ adapters: [adapter], metadata, projectId: 'test', isMobile: () => false })
    refuse('Unauthorized: invalid key')
    await modal.loadFeatures()
    expect(modal.banner.getState().banner).toMatchObject({ message: ALERTS.invalidProjectId.title })
    const shown = modal.banner.getState().banner
    // The client's further tries are refused alike: no second alert over the first.
    refuse('Unauthorized: invalid key')
    await modal.loadFeatures()
    expect(modal.banner.getState().banner).toBe(shown)
    modal.destroy()
  })

  it('a refusal the spec names no alert for fails the pairing with no alert', async () => {
    const { adapter, refuse } = walletConnectAdapter()
    const modal = createModal({ adapters: [adapter], metadata, projectId: 'test', isMobile: () => false })
    modal.open({ view: 'Connect' })
    void modal.connect('wc')
    refuse('Auth token expired')
    expect(modal.getState().error).toBe('Failed to connect')
    // An alert goes up once the features (the banner's alerts) are loaded: by now it would show.
    await modal.loadFeatures()
    expect(modal.banner.getState().banner).toBeNull()
    modal.destroy()
  })
})
