export { analyticsRoutes } from './routes.js'
export { type AnalyticsEvent, eventSchema, isErrorReport } from './schema.js'
export { ERROR_REPORT_LIMIT, ERROR_REPORT_WINDOW_SECONDS, recentEvents, storeEvents } from './store.js'
