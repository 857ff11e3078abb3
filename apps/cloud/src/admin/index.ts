export {
  type AdminEndpoint,
  adminEndpointPath,
  readAdminEndpoint,
  writeAdminEndpoint,
} from './endpoint-file.js'
export { AdminTokenError } from './errors.js'
export { ADMIN_PREFIX, adminRoutes } from './routes.js'
export { newAdminToken, requireAdminToken } from './token.js'
