export * from './limits.js'
export { embeddedRoutes } from './routes.js'
export { KEK_FILE, loadKek, Secrets } from './secrets.js'
export { type EmbeddedLimits, EmbeddedService, type LiveSession } from './service.js'
