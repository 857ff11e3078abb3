export {
  type DeviceBinding,
  type ProofInput,
  proofOf,
  type SessionAuth,
  sessionAuthOf,
} from './device-proof.js'
export { keepToFrame } from './frame-only.js'
export * from './limits.js'
export { embeddedRoutes } from './routes.js'
export { loadKek, newKek, newToken, Secrets, sha256, TOKEN_PATTERN } from './secrets.js'
export { type EmbeddedLimits, EmbeddedService, type LiveSession } from './service.js'
