import type { WalletPage } from '@allaccess/protocol'
import { createConfig, http, mock } from '@wagmi/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCloudClient } from '../api/createCloudClient'
import type { CloudApi } from '../api/types'
import { createEvmAdapter } from '../chains/evm/createEvmAdapter'
import { alice, devnet } from '../testing/devnet'
import { memoryStorage } from '../testing/memoryStorage'
import { metadata, mockModal, namedMock } from '../testing/mockModal'
import { SHAKE_MS } from './constants'
import { createModal } from './createModal'

const setup = mockModal

afterEach(() => vi.useRealTimers())

describe('createModal: connecting (docs/behaviour.md#connecting)', () => {
  it('opens on Connect, waits in ConnectingExternal, and closes once connected; opening again shows Account', async () => {
    const { modal, view } = setup()
    modal.open()
    expect(view()).toBe('Connect')
    const connecting = modal.connect('mock')
    expect(view()).toBe('ConnectingExternal')
    await connecting
    expect(modal.getState().open).toBe(false)
    expect(modal.getAccount()).toMatchObject({ status: 'connected', address: alice, chainId: 31337 })
    expect(modal.getAccount().network?.name).toBe('Local devnet')
    modal.open()
    expect(view()).toBe('Account')
  })

  it("a user rejection shows 'Connection rejected' and stays on the waiting view for Try again", async () => {
    const { modal, view } = setup({ connectError: true })
    modal.open()
    await modal.connect('mock')
    expect(view()).toBe('ConnectingExternal')
    expect(modal.getState().error).toBe('Connection rejected')
  })

  it("any other failure shows 'Failed to connect'", async () => {
    const { modal } = setup({ connectError: new Error('Wallet crashed') })
    modal.open()
    await modal.connect('mock')
    expect(modal.getState().error).toBe('Failed to connect')
  })

  it('going back from the waiting view returns to Connect; back with a single entry closes', async () => {
    const { modal, view } = setup({ connectError: true })
    modal.open()
    await modal.connect('mock')
    modal.back()
    expect(view()).toBe('Connect')
    expect(modal.getState().router.direction).toBe('prev')
    modal.back()
    expect(modal.getState().open).toBe(false)
  })
})

describe('createModal: networks (docs/behaviour.md#network-switch)', () => {
  it('a failed network switch returns to the previous view with the reason', async () => {
    const { modal, view } = setup({ switchChainError: true })
    await modal.connect('mock')
    modal.open({ view: 'UnsupportedChain' })
    const [network] = modal.networks
    if (!network) throw new Error('no network')
    const switching = modal.switchNetwork(network)
    expect(view()).toBe('SwitchNetwork')
    await switching
    expect(view()).toBe('UnsupportedChain')
    expect(modal.getState().error).toBe('Network switch rejected')
  })

  it('on an unconfigured network a backdrop click is refused with a 500 ms shake; Escape and × close', async () => {
    const { config, modal, view } = setup()
    await modal.connect('mock')
    const uid = config.state.current
    if (!uid) throw new Error('not connected')
    vi.useFakeTimers()
    config.connectors[0]?.emitter.emit('change', { chainId: 1 })
    expect(modal.getState().open).toBe(true)
    expect(view()).toBe('UnsupportedChain')
    expect(modal.dismiss()).toBe(false)
    expect(modal.getState().shake).toBe(true)
    vi.advanceTimersByTime(SHAKE_MS)
    expect(modal.getState().shake).toBe(false)
    expect(SHAKE_MS).toBe(500)
    // Escape and × (close) do close it: the site's own "Switch network" stays reachable.
    expect(modal.close()).toBe(true)
    expect(modal.getState().open).toBe(false)
    modal.open()
    expect(view()).toBe('UnsupportedChain')

    config.connectors[0]?.emitter.emit('change', { chainId: 31337 })
    expect(view()).toBe('Account')
    expect(modal.close()).toBe(true)
    expect(view()).toBe('Connect')
  })
})

describe('createModal: a toast belongs to its view (docs/behaviour.md#banner)', () => {
  it('going to another view hides the banner; Home starts a fresh history (no Back)', async () => {
    const { modal, view } = setup()
    await modal.connect('mock')
    modal.open()
    modal.banner.show({ variant: 'success', message: 'Address copied' })
    expect(modal.banner.getState().banner?.message).toBe('Address copied')
    modal.navigate({ view: 'WalletReceive' })
    expect(modal.banner.getState().banner).toBeNull()
    modal.home()
    expect(view()).toBe('Account')
    expect(modal.getState().router.history).toHaveLength(1)
  })

  it('an alert raised while the modal is closed is still there when it opens', async () => {
    const { modal, view } = setup()
    await modal.connect('mock')
    modal.banner.show({ variant: 'error', message: 'Invalid Project ID' })
    modal.open()
    expect(view()).toBe('Account')
    expect(modal.banner.getState().banner?.message).toBe('Invalid Project ID')
  })
})

describe('createModal: alerts raised where they arise (docs/behaviour.md#configuration-and-alerts)', () => {
  it('Network Not Found: switching to a network that is not configured', async () => {
    const { modal, view } = setup()
    await modal.connect('mock')
    modal.open()
    const [devnetNetwork] = modal.networks
    if (!devnetNetwork) throw new Error('no network')
    await modal.switchNetwork({
      ...devnetNetwork,
      id: 10,
      caipNetworkId: 'eip155:10',
      name: 'OP Mainnet',
    })
    expect(modal.banner.getState().banner).toMatchObject({ variant: 'error', message: 'Network Not Found' })
    expect(view()).toBe('Account')
  })

  it('Multi-Wallet Not Enabled: connecting a second wallet while the project has multi-wallet off', async () => {
    const config = createConfig({
      chains: [devnet],
      connectors: [mock({ accounts: [alice] }), namedMock('second')],
      transports: { [devnet.id]: http() },
      storage: null,
      multiInjectedProviderDiscovery: false,
    })
    const modal = createModal({ adapters: [createEvmAdapter(config)], metadata, projectId: 'test' })
    await modal.connect('mock')
    modal.open()
    await modal.connect('second')
    expect(modal.banner.getState().banner).toMatchObject({ message: 'Multi-Wallet Not Enabled' })
    expect(modal.getAccount().connector?.id).toBe('mock')
  })
})

describe('createModal: disconnect', () => {
  it('disconnecting closes the modal and the next open shows Connect', async () => {
    const { modal, view } = setup()
    await modal.connect('mock')
    modal.open()
    await modal.disconnect()
    expect(modal.getState().open).toBe(false)
    expect(modal.getAccount().address).toBeUndefined()
    modal.open()
    expect(view()).toBe('Connect')
  })
})

describe('createModal: run-time connectors', () => {
  it('registers them with the extras on first use, so the Connect view lists them from the start', async () => {
    const { config } = setup()
    const added: string[] = []
    const modal = createModal({
      adapters: [createEvmAdapter(config)],
      metadata,
      projectId: 'test',
      connectors: async () => void added.push('walletConnect'),
    })
    expect(added).toEqual([])
    await modal.loadFeatures()
    await modal.loadFeatures()
    expect(added).toEqual(['walletConnect'])
  })

  it('a connector that fails to load leaves the modal usable', async () => {
    const { config } = setup()
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const modal = createModal({
      adapters: [createEvmAdapter(config)],
      metadata,
      projectId: 'test',
      connectors: () => Promise.reject(new Error('chunk failed')),
    })
    await expect(modal.loadFeatures()).resolves.toBeDefined()
    expect(error).toHaveBeenCalledOnce()
    error.mockRestore()
  })
})

describe('createModal: prefetch (docs/behaviour.md#opening)', () => {
  it('fetches what the first view shows once, before any open; opening then asks the cloud nothing', async () => {
    const { config } = setup()
    const calls: string[] = []
    const api: CloudApi = {
      getWallets: async (params) => {
        calls.push(`wallets ${params?.entries}`)
        return { data: [], count: 0 }
      },
      getFeatures: async () => {
        calls.push('features')
        return []
      },
      getAllowedOrigins: async () => {
        calls.push('origins')
        return [new URL(metadata.url).origin]
      },
      walletImageUrl: (id) => `https://cloud.test/getWalletImage/${id}`,
      networkImageUrl: (id) => `https://cloud.test/public/getAssetImage/${id}`,
    }
    const modal = createModal({ adapters: [createEvmAdapter(config)], metadata, projectId: 'test', api })
    expect(calls).toEqual([])
    await modal.prefetch()
    expect(calls.sort()).toEqual(['features', 'origins', 'wallets 4'])
    expect(modal.getState().loading).toBe(false)
    modal.open()
    await modal.prefetch()
    expect(calls).toHaveLength(3)
  })
})

describe('createModal: the first open (docs/behaviour.md#opening)', () => {
  /** A cloud whose directory answers when the test says; the clock's time-outs run when the test says too. */
  function slowDirectory() {
    let answer: (page: WalletPage) => void = () => {}
    const api: CloudApi = {
      getWallets: () => new Promise((resolve) => (answer = resolve)),
      getFeatures: async () => [],
      getAllowedOrigins: async () => [new URL(metadata.url).origin],
      walletImageUrl: (id) => `https://cloud.test/getWalletImage/${id}`,
      networkImageUrl: (id) => `https://cloud.test/public/getAssetImage/${id}`,
    }
    const timeouts: { run: () => void; ms: number }[] = []
    const clock = {
      now: () => 0,
      setTimeout: (run: () => void, ms: number) => timeouts.push({ run, ms }),
      clearTimeout: () => {},
    }
    const { modal } = mockModal({}, { api, environment: { clock } })
    return { modal, timeouts, answer: (page: WalletPage) => answer(page) }
  }

  it("shows the spinner until the directory's wallets are in: arriving after the view, they would move its buttons", async () => {
    const { modal, answer } = slowDirectory()
    modal.open()
    await vi.waitUntil(() => modal.featureViews() !== undefined)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(modal.getState().loading).toBe(true)
    answer({ data: [], count: 0 })
    await modal.loadFeatures()
    expect(modal.getState().loading).toBe(false)
  })

  it('paints the Connect view without them after 2 s when the directory does not answer', async () => {
    const { modal, timeouts } = slowDirectory()
    modal.open()
    await vi.waitUntil(() => timeouts.some(({ ms }) => ms === 2_000))
    expect(modal.getState().loading).toBe(true)
    for (const { run, ms } of timeouts) if (ms === 2_000) run()
    await modal.loadFeatures()
    expect(modal.getState().loading).toBe(false)
  })
})

describe('createModal: WalletConnect on a phone', () => {
  const walletConnectRow = {
    key: 'walletConnect:walletConnect',
    section: 'walletConnect',
    name: 'WalletConnect',
    connectorId: 'walletConnect',
    installed: false,
  } as const
  const api = createCloudClient({ baseUrl: 'http://127.0.0.1:1', projectId: 'test' })

  it('the WalletConnect row opens All Wallets, whose apps open by link: a phone cannot scan its own QR code', async () => {
    const { modal, view } = setup({}, { isMobile: () => true, api })
    expect(modal.walletConnectOpensApps()).toBe(true)
    await modal.selectWallet(walletConnectRow)
    expect(view()).toBe('AllWallets')
  })

  it('on a desktop, or without the directory, it stays the QR code and link', () => {
    expect(setup({}, { isMobile: () => false, api }).modal.walletConnectOpensApps()).toBe(false)
    expect(setup({}, { isMobile: () => true }).modal.walletConnectOpensApps()).toBe(false)
  })
})

describe('createModal: storage (docs/behaviour.md#storage)', () => {
  it('moves what a browser kept under the former key prefix before any feature reads it', () => {
    const kept = new Map([['@allaccess/recentWallets', '[{"id":"io.metamask","name":"MetaMask"}]']])
    setup({}, { environment: { storage: memoryStorage(kept) } })
    expect(Object.fromEntries(kept)).toEqual({
      'allaccess.recentWallets': '[{"id":"io.metamask","name":"MetaMask"}]',
    })
  })
})
