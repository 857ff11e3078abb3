export { CCIP_ANSWER_TTL_SECONDS, CcipGateway, dnsDecode } from './gateway.js'
export { namesRoutes } from './routes.js'
export { entryOf, NameService } from './service.js'
export { NameStanding } from './standing.js'
