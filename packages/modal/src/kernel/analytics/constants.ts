/** The analytics service's limits (docs/behaviour.md#analytics), apart so the page's first load takes only these. */

/** Events waiting for the configuration or the next flush; older ones are dropped past this. */
export const ANALYTICS_QUEUE_LIMIT = 100
/** How long an event waits for companions before the batch leaves. */
export const ANALYTICS_FLUSH_DELAY_MS = 1_000
/** Error reports: at most this many per window (docs/behaviour.md#analytics), here in the client as in the cloud. */
export const ERROR_REPORTS_PER_WINDOW = 5
export const ERROR_REPORT_WINDOW_MS = 60_000
