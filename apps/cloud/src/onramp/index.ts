export { onrampOptions, price } from './catalogue.js'
export { onrampRoutes } from './routes.js'
export {
  OnrampService,
  type OnrampSettings,
  ORDER_RETENTION_MS,
  ORDER_WINDOW_MS,
  ORDERS_PER_CLIENT,
  ORDERS_PER_WALLET,
  PAYMENT_ATTEMPTS_PER_ORDER,
} from './service.js'
