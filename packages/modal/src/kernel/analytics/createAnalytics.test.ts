import { describe, expect, it, vi } from 'vitest'
import {
  ANALYTICS_FLUSH_DELAY_MS,
  ANALYTICS_QUEUE_LIMIT,
  ERROR_REPORT_WINDOW_MS,
  ERROR_REPORTS_PER_WINDOW,
} from './constants'
import { type AnalyticsDependencies, type AnalyticsEvent, createAnalytics } from './createAnalytics.js'

function manualClock() {
  let now = 1_000
  const timers = new Map<number, { at: number; callback: () => void }>()
  let next = 0
  return {
    now: () => now,
    setTimeout(callback: () => void, ms: number) {
      timers.set(++next, { at: now + ms, callback })
      return next
    },
    clearTimeout(handle: unknown) {
      timers.delete(handle as number)
    },
    advance(ms: number) {
      now += ms
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id)
          timer.callback()
        }
      }
    },
  }
}

function setup(
  overrides: Partial<AnalyticsDependencies> & { projectEnabled?: boolean; status?: number } = {},
) {
  const sent: AnalyticsEvent[][] = []
  const beacons: AnalyticsEvent[][] = []
  const hide = new Set<() => void>()
  const clock = manualClock()
  const isEnabled = vi.fn(async () => overrides.projectEnabled ?? true)
  let id = 0
  const deps: AnalyticsDependencies = {
    transport: {
      isEnabled,
      send: async (events) => {
        sent.push(events)
        return overrides.status ?? 202
      },
      beacon: (events) => beacons.push(events),
      onPageHide: (listener) => {
        hide.add(listener)
        return () => hide.delete(listener)
      },
    },
    debug: false,
    onInvalidConfiguration: vi.fn(),
    clock,
    location: () => ({ url: 'https://site.test/mint', domain: 'site.test' }),
    newId: () => `event-${++id}`,
    ...overrides,
  }
  const analytics = createAnalytics(deps)
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return {
    analytics,
    deps,
    sent,
    beacons,
    clock,
    isEnabled,
    settle,
    hidePage: () => {
      for (const listener of hide) listener()
    },
  }
}

describe('createAnalytics', () => {
  it('batches events for ANALYTICS_FLUSH_DELAY_MS, then sends them in one POST with the page and the time', async () => {
    const { analytics, sent, clock, settle } = setup()
    analytics.track('MODAL_OPEN')
    analytics.track('SELECT_WALLET', { name: 'MetaMask' })
    clock.advance(ANALYTICS_FLUSH_DELAY_MS - 1)
    await settle()
    expect(sent).toEqual([])
    clock.advance(1)
    await settle()
    expect(sent).toEqual([
      [
        {
          eventId: 'event-1',
          url: 'https://site.test/mint',
          domain: 'site.test',
          timestamp: 1_000,
          props: { type: 'track', event: 'MODAL_OPEN' },
        },
        {
          eventId: 'event-2',
          url: 'https://site.test/mint',
          domain: 'site.test',
          timestamp: 1_000,
          props: { type: 'track', event: 'SELECT_WALLET', properties: { name: 'MetaMask' } },
        },
      ],
    ])
  })

  it("the project's analytics are off: events are dropped, none is sent", async () => {
    const { analytics, sent, isEnabled } = setup({ projectEnabled: false })
    analytics.track('MODAL_OPEN')
    await analytics.flush()
    analytics.track('MODAL_CLOSE')
    await analytics.flush()
    expect(sent).toEqual([])
    expect(isEnabled).toHaveBeenCalledTimes(1)
  })

  it('a failing configuration request counts as off', async () => {
    const { analytics, sent, deps } = setup()
    deps.transport.isEnabled = async () => {
      throw new Error('offline')
    }
    const offline = createAnalytics(deps)
    offline.track('MODAL_OPEN')
    await offline.flush()
    expect(sent).toEqual([])
    analytics.destroy()
  })

  it(`error reports stop at ${ERROR_REPORTS_PER_WINDOW} per ${ERROR_REPORT_WINDOW_MS / 1000} s, then resume`, async () => {
    const { analytics, sent, clock } = setup()
    for (let n = 0; n < 8; n++) analytics.reportError(new TypeError(`failure ${n}`), 'connect')
    await analytics.flush()
    expect(sent.flat().map((event) => event.props)).toEqual(
      [0, 1, 2, 3, 4].map((n) => ({
        type: 'error',
        event: 'ERROR',
        properties: { name: 'TypeError', message: `failure ${n}`, context: 'connect' },
      })),
    )
    clock.advance(ERROR_REPORT_WINDOW_MS)
    analytics.reportError('not an Error')
    await analytics.flush()
    expect(sent.at(-1)?.map((event) => event.props)).toEqual([
      { type: 'error', event: 'ERROR', properties: { name: 'Error', message: 'not an Error' } },
    ])
  })

  it('what is queued when the page is hidden leaves by beacon, once', async () => {
    const { analytics, sent, beacons, settle, hidePage } = setup()
    analytics.track('MODAL_OPEN')
    await settle()
    hidePage()
    await settle()
    expect(beacons.map((batch) => batch.map((event) => event.eventId))).toEqual([['event-1']])
    await analytics.flush()
    expect(sent).toEqual([])
  })

  it(`keeps at most ${ANALYTICS_QUEUE_LIMIT} events, the newest`, async () => {
    const { analytics, sent } = setup()
    for (let n = 0; n < ANALYTICS_QUEUE_LIMIT + 20; n++) analytics.track('MODAL_OPEN', { n })
    await analytics.flush()
    const batch = sent[0] ?? []
    expect(batch).toHaveLength(ANALYTICS_QUEUE_LIMIT)
    expect(batch[0]?.props).toEqual({ type: 'track', event: 'MODAL_OPEN', properties: { n: 20 } })
  })

  it("a 403 says 'Invalid App Configuration' once, and only with debug on", async () => {
    const quiet = setup({ status: 403 })
    quiet.analytics.track('MODAL_OPEN')
    await quiet.analytics.flush()
    expect(quiet.deps.onInvalidConfiguration).not.toHaveBeenCalled()

    const debug = setup({ status: 403, debug: true })
    debug.analytics.track('MODAL_OPEN')
    await debug.analytics.flush()
    debug.analytics.track('MODAL_CLOSE')
    await debug.analytics.flush()
    expect(debug.deps.onInvalidConfiguration).toHaveBeenCalledTimes(1)
  })

  it("a 403 on the configuration request also says 'Invalid App Configuration' with debug on, and nothing is sent", async () => {
    const refused = Object.assign(new Error('Unauthorized: origin not allowed'), { status: 403 })
    const run = async (debug: boolean) => {
      const { analytics, deps, sent } = setup({ debug })
      deps.transport.isEnabled = () => Promise.reject(refused)
      analytics.track('MODAL_OPEN')
      await analytics.flush()
      analytics.track('MODAL_CLOSE')
      await analytics.flush()
      return { warned: vi.mocked(deps.onInvalidConfiguration).mock.calls.length, sent }
    }
    expect(await run(false)).toEqual({ warned: 0, sent: [] })
    expect(await run(true)).toEqual({ warned: 1, sent: [] })
  })

  it('events recorded before the service loaded keep their time, and their reports count in their window', async () => {
    const { analytics, sent, clock } = setup()
    analytics.track('MODAL_OPEN', undefined, 400)
    for (let n = 0; n < ERROR_REPORTS_PER_WINDOW; n++)
      analytics.reportError(new Error('early'), undefined, 500)
    clock.advance(ERROR_REPORT_WINDOW_MS - 600)
    analytics.reportError(new Error('still inside the window'))
    clock.advance(100)
    analytics.reportError(new Error('the window has moved on'))
    await analytics.flush()
    const events = sent.flat()
    expect(events[0]?.timestamp).toBe(400)
    expect(events.map((event) => event.props.type === 'error' && event.props.properties.message)).toEqual([
      false,
      ...Array(ERROR_REPORTS_PER_WINDOW).fill('early'),
      'the window has moved on',
    ])
  })

  it('destroy stops watching the page and drops the queue', async () => {
    const { analytics, sent, beacons, hidePage, settle } = setup()
    analytics.track('MODAL_OPEN')
    analytics.destroy()
    hidePage()
    await analytics.flush()
    await settle()
    expect({ sent, beacons }).toEqual({ sent: [], beacons: [] })
  })
})
