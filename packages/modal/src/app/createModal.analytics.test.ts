import { describe, expect, it, vi } from 'vitest'
import { ALERTS } from '../kernel/alerts'
import { cloudWithAnalytics } from '../testing/cloudWithAnalytics'
import { mockModal } from '../testing/mockModal'

/**
 * The modal's analytics end to end in Node: the real forwarder, chunk and service, over a transport that records
 * what it is given. The page "hides" by hand, so a batch leaves at once (by beacon) instead of after the delay.
 */
describe('createModal: analytics (docs/behaviour.md#analytics)', () => {
  it('a connect flow reports opening, the wallet picked, the connection and closing; disconnecting too', async () => {
    const cloud = cloudWithAnalytics()
    const { modal } = mockModal({}, { api: cloud.api })
    modal.open()
    await modal.connect('mock')
    await modal.disconnect()
    expect(await cloud.sent()).toEqual([
      ['MODAL_OPEN', { connected: false }],
      ['SELECT_WALLET', { name: 'Mock Connector' }],
      ['CONNECT_SUCCESS', { name: 'Mock Connector' }],
      ['MODAL_CLOSE', { connected: true }],
      ['DISCONNECT_SUCCESS', undefined],
    ])
  })

  it("a refusal is USER_REJECTED, any other failure CONNECT_ERROR, both with the wallet's message", async () => {
    const rejected = cloudWithAnalytics()
    const first = mockModal({ connectError: true }, { api: rejected.api })
    first.modal.open()
    await first.modal.connect('mock')
    expect((await rejected.sent()).slice(1)).toEqual([
      ['SELECT_WALLET', { name: 'Mock Connector' }],
      ['USER_REJECTED', { name: 'Mock Connector', message: expect.stringMatching(/rejected/i) }],
    ])

    const crashed = cloudWithAnalytics()
    const second = mockModal({ connectError: new Error('Wallet crashed') }, { api: crashed.api })
    second.modal.open()
    await second.modal.connect('mock')
    expect((await crashed.sent()).at(-1)).toEqual([
      'CONNECT_ERROR',
      { name: 'Mock Connector', message: 'Wallet crashed' },
    ])
  })

  it('a network switch is reported with the network', async () => {
    const cloud = cloudWithAnalytics()
    const { modal } = mockModal({}, { api: cloud.api })
    await modal.connect('mock')
    const [network] = modal.networks
    if (!network) throw new Error('no network')
    await modal.switchNetwork(network)
    expect((await cloud.sent()).at(-1)).toEqual(['SWITCH_NETWORK', { network: 'eip155:31337' }])
  })

  it('run-time connectors that fail to register are reported as an error', async () => {
    const cloud = cloudWithAnalytics()
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { modal } = mockModal(
      {},
      { api: cloud.api, connectors: () => Promise.reject(new Error('no chunk')) },
    )
    await modal.loadFeatures()
    expect(await cloud.sent()).toEqual([
      ['ERROR', { name: 'Error', message: 'no chunk', context: 'connectors' }],
    ])
    error.mockRestore()
  })

  it('with features.analytics off the transport is never even loaded', async () => {
    const cloud = cloudWithAnalytics()
    const { modal } = mockModal({}, { api: cloud.api, features: { analytics: false } })
    modal.open()
    await modal.connect('mock')
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(cloud.analytics).not.toHaveBeenCalled()
  })

  it("a 403 from analytics shows 'Invalid App Configuration' with debug on, and only then", async () => {
    const quiet = mockModal({}, { api: cloudWithAnalytics({ refusal: 403 }).api })
    const debug = mockModal({}, { api: cloudWithAnalytics({ refusal: 403 }).api, debug: true })
    for (const { modal } of [quiet, debug]) modal.open()
    await vi.waitFor(() =>
      expect(debug.modal.banner.getState().banner).toMatchObject({
        variant: 'error',
        message: ALERTS.invalidAppConfiguration.title,
      }),
    )
    expect(quiet.modal.banner.getState().banner).toBeNull()
  })
})
