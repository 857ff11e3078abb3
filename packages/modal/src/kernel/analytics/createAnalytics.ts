import {
  ANALYTICS_FLUSH_DELAY_MS,
  ANALYTICS_QUEUE_LIMIT,
  ERROR_REPORT_WINDOW_MS,
  ERROR_REPORTS_PER_WINDOW,
} from './constants'

/**
 * The modal's analytics: one service every feature reports through (docs/behaviour.md#analytics).
 * Events queue in memory and go to the cloud's `POST /e` in batches; what is still queued when the page is
 * hidden leaves with `sendBeacon`. Nothing is sent unless the project's configuration (`/getAnalyticsConfig`)
 * says analytics is enabled; until that answer is known events wait, bounded. A site that turns analytics off
 * never loads this service (features/analytics).
 */
/**
 * The events' names: the connect flow's here; a feature adds its own from its folder, as routes are added:
 *
 *   declare module '../../kernel/analytics/createAnalytics' { interface AnalyticsEvents { SIWX_AUTH_SUCCESS: true } }
 */
export interface AnalyticsEvents {
  MODAL_OPEN: true
  MODAL_CLOSE: true
  SELECT_WALLET: true
  CONNECT_SUCCESS: true
  CONNECT_ERROR: true
  USER_REJECTED: true
  DISCONNECT_SUCCESS: true
  SWITCH_NETWORK: true
  EMAIL_LOGIN_ERROR: true
  iframe_load_failed: true
  iframe_request_timeout: true
}

export type AnalyticsEventName = keyof AnalyticsEvents

/** The body of one `POST /e` event (the cloud's `eventSchema`). */
export type AnalyticsEvent = {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props:
    | { type: 'track'; event: AnalyticsEventName; properties?: Record<string, unknown> }
    | { type: 'error'; event: 'ERROR'; properties: { name: string; message: string; context?: string } }
}

export type AnalyticsTransport = {
  /**
   * The project's switch; a failure counts as off (the modal never retries its way into tracking). A refusal
   * rejects with the HTTP `status` on the error.
   */
  isEnabled(): Promise<boolean>
  /** Sends a batch; resolves to the HTTP status (0 when the request failed). */
  send(events: AnalyticsEvent[]): Promise<number>
  /** The page is going away: hand the batch to the browser, no answer. */
  beacon(events: AnalyticsEvent[]): void
  /** Subscribes to the page being hidden (the last moment a batch can leave); returns the unsubscribe. */
  onPageHide(listener: () => void): () => void
}

export type AnalyticsDependencies = {
  transport: AnalyticsTransport
  /** With debug on, a 403 from analytics (origin not allowed) surfaces as 'Invalid App Configuration'. */
  debug: boolean
  onInvalidConfiguration(): void
  clock: {
    now(): number
    setTimeout(callback: () => void, ms: number): unknown
    clearTimeout(handle: unknown): void
  }
  /** Where the page is (url, domain), read at the time of each event. */
  location(): { url: string; domain: string }
  newId(): string
}

/** `at`: when it happened, for what was recorded before the service loaded (default: now). */
export type Analytics = {
  track(event: AnalyticsEventName, properties?: Record<string, unknown>, at?: number): void
  /** Wraps an unexpected error into a report; at most ERROR_REPORTS_PER_WINDOW per window. */
  reportError(error: unknown, context?: string, at?: number): void
  /** Sends what is queued now (tests, and before the modal is destroyed). */
  flush(): Promise<void>
  destroy(): void
}

const HTTP_FORBIDDEN = 403

export function createAnalytics(deps: AnalyticsDependencies): Analytics {
  const { clock, transport } = deps

  let queue: AnalyticsEvent[] = []
  let projectEnabled: Promise<boolean> | undefined
  let timer: unknown
  let reportedAt: number[] = []
  let warnedInvalid = false

  const isProjectEnabled = () => {
    projectEnabled ??= transport.isEnabled().catch((error: unknown) => {
      // The configuration is analytics' own request: the cloud refuses this origin there first.
      warnIfForbidden((error as { status?: number } | undefined)?.status)
      return false
    })
    return projectEnabled
  }

  const warnIfForbidden = (status: number | undefined) => {
    if (status !== HTTP_FORBIDDEN || !deps.debug || warnedInvalid) return
    warnedInvalid = true
    deps.onInvalidConfiguration()
  }

  const enqueue = (props: AnalyticsEvent['props'], at: number) => {
    // Asked at the first event, so the answer is there if the page is hidden before the batch leaves.
    void isProjectEnabled()
    const { url, domain } = deps.location()
    queue.push({ eventId: deps.newId(), url, domain, timestamp: at, props })
    if (queue.length > ANALYTICS_QUEUE_LIMIT) queue = queue.slice(-ANALYTICS_QUEUE_LIMIT)
    if (timer === undefined) timer = clock.setTimeout(() => void flush(), ANALYTICS_FLUSH_DELAY_MS)
  }

  const take = () => {
    if (timer !== undefined) clock.clearTimeout(timer)
    timer = undefined
    const batch = queue
    queue = []
    return batch
  }

  const flush = async () => {
    const batch = take()
    if (batch.length === 0 || !(await isProjectEnabled())) return
    warnIfForbidden(await transport.send(batch))
  }

  const stopWatchingPage = transport.onPageHide(() => {
    const batch = take()
    // Only a project known to be on gets a beacon: the page can't wait for the configuration now.
    if (batch.length > 0 && projectEnabled) void projectEnabled.then((on) => on && transport.beacon(batch))
  })

  return {
    track(event, properties, at = clock.now()) {
      enqueue({ type: 'track', event, ...(properties ? { properties } : {}) }, at)
    },
    reportError(error, context, at = clock.now()) {
      reportedAt = reportedAt.filter((then) => at - then < ERROR_REPORT_WINDOW_MS)
      if (reportedAt.length >= ERROR_REPORTS_PER_WINDOW) return
      reportedAt.push(at)
      const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) }
      enqueue(
        { type: 'error', event: 'ERROR', properties: { name, message, ...(context ? { context } : {}) } },
        at,
      )
    },
    flush,
    destroy() {
      stopWatchingPage()
      take()
    },
  }
}
