import { ANALYTICS_BATCH_MAX, type AnalyticsConfig } from '@allaccess/protocol'
import type { AnalyticsEvent, AnalyticsTransport } from '../kernel/analytics/createAnalytics'

export type AnalyticsTransportOptions = {
  /** The cloud's address of a path, with project id, sdk type and version (the cloud client's). */
  url(path: string): string
  fetch: typeof fetch
  /** `GET /getAnalyticsConfig`, parsed with the protocol's schema (the cloud client's). */
  getAnalyticsConfig(): Promise<AnalyticsConfig>
  /** `navigator.sendBeacon` by default; false when the browser would not queue the body. */
  sendBeacon?: ((url: string, body: string) => boolean) | undefined
  /** The page being hidden: `pagehide`, or the document turning hidden (phones often skip `pagehide`). */
  onPageHide?: (listener: () => void) => () => void
}

/**
 * How the modal's analytics reach the cloud (docs/behaviour.md#analytics): one event to `POST /e`, more to `POST /batch`
 * (at most ANALYTICS_BATCH_MAX each). Bodies go as text/plain JSON, so the browser sends them without a CORS
 * pre-flight and a refused origin still gets the cloud's 403 back. While the page stays, `fetch`; when it is
 * hidden, `sendBeacon` (a `keepalive` fetch where the browser has no beacon or refuses it).
 */
export function createAnalyticsTransport(options: AnalyticsTransportOptions): AnalyticsTransport {
  const sendBeacon = 'sendBeacon' in options ? options.sendBeacon : browserBeacon()

  const post = (path: string, body: string, keepalive = false) =>
    options.fetch(options.url(path), { method: 'POST', body, ...(keepalive ? { keepalive } : {}) })

  return {
    isEnabled: async () => (await options.getAnalyticsConfig()).isAnalyticsEnabled,
    async send(events) {
      let status = 0
      for (const { path, body } of requestsFor(events)) {
        status = await post(path, body).then(
          (response) => response.status,
          () => 0,
        )
        // The first refusal answers for the whole batch: the rest would be refused alike.
        if (status < 200 || status >= 300) return status
      }
      return status
    },
    beacon(events) {
      for (const { path, body } of requestsFor(events)) {
        if (sendBeacon?.(options.url(path), body)) continue
        post(path, body, true).catch(() => undefined)
      }
    },
    onPageHide: options.onPageHide ?? watchPageHide,
  }
}

/** One event as `/e` takes it, more as `/batch` arrays of at most ANALYTICS_BATCH_MAX. */
function requestsFor(events: readonly AnalyticsEvent[]): { path: string; body: string }[] {
  if (events.length === 1) return [{ path: '/e', body: JSON.stringify(events[0]) }]
  const requests: { path: string; body: string }[] = []
  for (let start = 0; start < events.length; start += ANALYTICS_BATCH_MAX)
    requests.push({ path: '/batch', body: JSON.stringify(events.slice(start, start + ANALYTICS_BATCH_MAX)) })
  return requests
}

function browserBeacon(): AnalyticsTransportOptions['sendBeacon'] {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return undefined
  return (url, body) => navigator.sendBeacon(url, body)
}

function watchPageHide(listener: () => void): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') listener()
  }
  addEventListener('pagehide', listener)
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    removeEventListener('pagehide', listener)
    document.removeEventListener('visibilitychange', onVisibility)
  }
}
