import { describe, expect, it, vi } from 'vitest'
import type { CloudApi } from '../../api/types'
import { ANALYTICS_QUEUE_LIMIT } from '../../kernel/analytics/constants'
import type { Analytics } from '../../kernel/analytics/createAnalytics'
import { createBanner } from '../../kernel/banner'
import type { ModalAnalyticsDeps } from './analyticsChunk'
import { createAnalyticsFeature } from './createAnalyticsFeature'

/** A service that records what reaches it, and a load the test settles by hand. */
function setup(options: { analytics?: boolean; transport?: boolean } = {}) {
  let now = 100
  const received: unknown[][] = []
  const service: Analytics = {
    track: (...call) => received.push(['track', ...call]),
    reportError: (...call) => received.push(['reportError', ...call]),
    flush: async () => {},
    destroy: vi.fn(),
  }
  let settle: (result: Analytics | Error) => void = () => {}
  const load = vi.fn(
    (_deps: ModalAnalyticsDeps) =>
      new Promise<Analytics>((resolve, reject) => {
        settle = (result) => (result instanceof Error ? reject(result) : resolve(result))
      }),
  )
  const api = {
    ...(options.transport === false ? {} : { analytics: vi.fn() }),
  } as unknown as CloudApi
  const fetchCode = vi.fn(async () => ({}))
  const feature = createAnalyticsFeature({
    options: { api, features: { analytics: options.analytics ?? true }, debug: true },
    clock: { now: () => now, setTimeout: () => 0, clearTimeout: () => {} },
    banner: createBanner(),
    load,
    fetchCode,
  })
  return {
    feature,
    fetchCode,
    service,
    received,
    load,
    settle: async (result: Analytics | Error) => {
      settle(result)
      await new Promise((resolve) => setTimeout(resolve, 0))
    },
    advance: (ms: number) => {
      now += ms
    },
  }
}

describe('the analytics feature (docs/behaviour.md#analytics)', () => {
  it('loads the service at the first event, never before, and hands it the site’s debug switch', async () => {
    const { feature, load } = setup()
    expect(load).not.toHaveBeenCalled()
    feature.track('MODAL_OPEN')
    feature.track('MODAL_CLOSE')
    expect(load).toHaveBeenCalledTimes(1)
    expect(load.mock.calls[0]?.[0]).toMatchObject({ debug: true })
  })

  it('prefetched (at idle), it fetches the code only: no service starts and nothing is sent', async () => {
    const { feature, load, fetchCode, received } = setup()
    feature.prefetch()
    expect(fetchCode).toHaveBeenCalledTimes(1)
    expect(load).not.toHaveBeenCalled()
    expect(received).toEqual([])
  })

  it('what is reported while the service loads reaches it with the time it happened; later calls go straight through', async () => {
    const { feature, service, received, settle, advance } = setup()
    feature.track('MODAL_OPEN', { connected: false })
    advance(50)
    const failure = new Error('boom')
    feature.reportError(failure, 'directory')
    advance(400)
    expect(received).toEqual([])
    await settle(service)
    feature.track('MODAL_CLOSE')
    expect(received).toEqual([
      ['track', 'MODAL_OPEN', { connected: false }, 100],
      ['reportError', failure, 'directory', 150],
      ['track', 'MODAL_CLOSE', undefined, 550],
    ])
  })

  it(`keeps at most ${ANALYTICS_QUEUE_LIMIT} calls while the service loads`, async () => {
    const { feature, service, received, settle } = setup()
    for (let n = 0; n < ANALYTICS_QUEUE_LIMIT + 5; n++) feature.track('MODAL_OPEN', { n })
    await settle(service)
    expect(received).toHaveLength(ANALYTICS_QUEUE_LIMIT)
  })

  it.each([
    ['the site turned analytics off (features.analytics: false)', { analytics: false }],
    ['the cloud client has no analytics transport', { transport: false }],
  ])('%s: nothing loads and nothing is forwarded', async (_, options) => {
    const { feature, load, fetchCode } = setup(options)
    feature.prefetch()
    feature.track('MODAL_OPEN')
    feature.reportError(new Error('boom'))
    expect(load).not.toHaveBeenCalled()
    expect(fetchCode).not.toHaveBeenCalled()
  })

  it('destroyed while loading: the loaded service is destroyed at once and gets nothing', async () => {
    const { feature, service, received, settle } = setup()
    feature.track('MODAL_OPEN')
    feature.destroy()
    await settle(service)
    expect(service.destroy).toHaveBeenCalledTimes(1)
    expect(received).toEqual([])
  })

  it('a service that fails to load turns analytics off, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { feature, load, settle } = setup()
    feature.track('MODAL_OPEN')
    await settle(new Error('chunk missing'))
    feature.track('MODAL_CLOSE')
    expect(load).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith('Analytics could not load', new Error('chunk missing'))
    warn.mockRestore()
  })
})
