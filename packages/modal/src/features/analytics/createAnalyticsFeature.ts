import type { ModalOptions } from '../../app/modal'
import { ANALYTICS_QUEUE_LIMIT } from '../../kernel/analytics/constants'
import type { Analytics, AnalyticsEventName } from '../../kernel/analytics/createAnalytics'
import type { BannerController } from '../../kernel/banner'
import type { Clock } from '../../kernel/environment'
import type { ModalAnalyticsDeps } from './analyticsChunk'

/** What features report through: events and unexpected errors (docs/behaviour.md#analytics). */
export type Tracker = Pick<Analytics, 'track' | 'reportError'>

export type AnalyticsFeatureDeps = {
  options: Pick<ModalOptions, 'api' | 'features' | 'debug'>
  clock: Clock
  banner: BannerController
  /** Builds the service; by default its own chunk, fetched at the first event. */
  load?: (deps: ModalAnalyticsDeps) => Promise<Analytics>
  /** Fetches the service's code without starting it (the chunk, by default). */
  fetchCode?: () => Promise<unknown>
}

const fetchChunk = () => import('./analyticsChunk')
const loadChunk = (deps: ModalAnalyticsDeps) => fetchChunk().then((chunk) => chunk.createModalAnalytics(deps))

/**
 * The analytics every feature reports to, in the page's first load only as this forwarder. It is on unless the
 * site turned `features.analytics` off or has no cloud; then nothing loads and nothing leaves. Otherwise the
 * service loads with the first event (the modal's first use), and what is reported meanwhile waits here,
 * bounded, with the time it happened.
 */
export function createAnalyticsFeature({
  options,
  clock,
  banner,
  load = loadChunk,
  fetchCode = fetchChunk,
}: AnalyticsFeatureDeps) {
  const transport = options.api?.analytics?.bind(options.api)
  let on = transport !== undefined && options.features?.analytics !== false
  let service: Analytics | undefined
  let waiting: ((service: Analytics) => void)[] = []

  const start = (transport: ModalAnalyticsDeps['transport']) =>
    load({ transport, debug: options.debug, clock, banner })
      .then((loaded) => {
        // Destroyed while it loaded: the service must not start watching the page.
        if (!on) return loaded.destroy()
        service = loaded
        for (const call of waiting) call(loaded)
        waiting = []
      })
      .catch((error: unknown) => {
        on = false
        console.warn('Analytics could not load', error)
      })

  /** Calls the service now, or once it has loaded, with the time of the call. */
  const forward = (call: (service: Analytics, at: number) => void) => {
    const at = clock.now()
    if (!on || !transport) return
    if (service) return call(service, at)
    if (waiting.length >= ANALYTICS_QUEUE_LIMIT) return
    // The first call to wait starts the load; once it ends nothing waits again (loaded, or off).
    if (waiting.push((loaded) => call(loaded, at)) === 1) void start(transport)
  }

  return {
    track: (event: AnalyticsEventName, properties?: Record<string, unknown>) =>
      forward((service, at) => service.track(event, properties, at)),
    reportError: (error: unknown, context?: string) =>
      forward((service, at) => service.reportError(error, context, at)),
    /**
     * Fetches the service's code at idle, starting nothing, so the first event (the first open) does not fetch
     * it in the click's task.
     */
    prefetch() {
      if (on && transport) void fetchCode().catch(() => {})
    },
    destroy() {
      on = false
      service?.destroy()
    },
  }
}

export type AnalyticsFeature = ReturnType<typeof createAnalyticsFeature>
