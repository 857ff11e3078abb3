export { UnsupportedChainError } from './errors.js'
export { accountRoutes } from './routes.js'
export { type AccountSource, emptyAccountSource } from './source.js'
