export { openVerify } from './open.js'
export { verifyRoutes } from './routes.js'
export {
  ATTESTATION_TTL_SECONDS,
  type AttestationClaims,
  MAX_ATTESTATIONS_PER_CLIENT,
  PUBLIC_KEY_TTL_SECONDS,
  VerifyService,
} from './service.js'
