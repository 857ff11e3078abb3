export { withPoolPrices } from './prices.js'
export { convertRoutes } from './routes.js'
export { ConvertService } from './service.js'
