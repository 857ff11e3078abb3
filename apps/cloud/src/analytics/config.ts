import { defineConfig, int } from '../config/section.js'

export const analyticsConfig = defineConfig({
  env: {
    ANALYTICS_EVENTS_PER_MINUTE: int(1, 10_000_000).default(3000),
    ANALYTICS_MAX_ROWS: int(1, 1_000_000_000).default(1_000_000),
    ANALYTICS_RETENTION_DAYS: int(1, 36_500).default(90),
    ANALYTICS_PRUNE_INTERVAL_MS: int(1000, 86_400_000).default(3_600_000),
  },
  read: (e) => ({
    analytics: {
      /** Per project, per instance: events over it are throttled. */
      eventsPerMinute: e.ANALYTICS_EVENTS_PER_MINUTE,
      /** Per project: stored events over it are refused until the retention prunes. */
      maxRows: e.ANALYTICS_MAX_ROWS,
      retentionDays: e.ANALYTICS_RETENTION_DAYS,
      pruneIntervalMs: e.ANALYTICS_PRUNE_INTERVAL_MS,
    },
  }),
})
