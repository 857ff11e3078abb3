import { expect, vi } from 'vitest'
import type { CloudApi } from '../api/types'
import type { AnalyticsEvent, AnalyticsTransport } from '../kernel/analytics/createAnalytics'

/**
 * A cloud whose analytics transport records what it is given (the rest answers empty). The page "hides" by hand
 * in `sent`, so a batch leaves at once (by beacon) instead of after the delay.
 */
export function cloudWithAnalytics(config: { enabled?: boolean; refusal?: number } = {}) {
  const left: AnalyticsEvent[] = []
  const hide = new Set<() => void>()
  const transport: AnalyticsTransport = {
    isEnabled: async () => {
      if (config.refusal) throw Object.assign(new Error('refused'), { status: config.refusal })
      return config.enabled ?? true
    },
    send: async (events) => {
      left.push(...events)
      return 200
    },
    beacon: (events) => left.push(...events),
    onPageHide: (listener) => {
      hide.add(listener)
      return () => hide.delete(listener)
    },
  }
  const analytics = vi.fn(async () => transport)
  const api: CloudApi = {
    getWallets: async () => ({ data: [], count: 0 }),
    getFeatures: async () => [],
    getAllowedOrigins: async () => [],
    walletImageUrl: (id) => id,
    networkImageUrl: (id) => id,
    analytics,
  }
  /** What has left the page once it is hidden: `[event, properties]` of each. */
  const sent = async () => {
    await vi.waitFor(() => expect(hide.size).toBe(1))
    for (const listener of hide) listener()
    await new Promise((resolve) => setTimeout(resolve, 0))
    return left.map(({ props }) => [props.event, props.properties])
  }
  return { api, analytics, sent }
}
