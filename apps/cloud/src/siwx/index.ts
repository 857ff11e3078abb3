export { SiwxChains } from './chain.js'
export * from './limits.js'
export { siwxRoutes } from './routes.js'
export { HOLDERS_AREA_CONTENT, type LiveSiwxSession, SiwxService } from './service.js'
