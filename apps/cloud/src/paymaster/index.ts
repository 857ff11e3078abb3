export { paymasterService } from './definition.js'
export {
  LOCAL_SPONSORSHIP_POLICY,
  SPONSORSHIP_RULES,
  type SponsorshipPolicy,
  sponsorshipPolicySchema,
} from './policy.js'
export { PAYMASTER_PATH, SPONSORSHIP_REFUSED_CODE } from './routes.js'
export { SponsorshipStore } from './store.js'
