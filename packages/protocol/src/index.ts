// The contracts between the cloud and its clients: schemas, limits, error codes. Each module is added by the
// feature that first shares it.
export * from './account'
export * from './caip'
export * from './callsStatus'
export * from './codedError'
export * from './coinTypes'
export * from './convert'
export * from './deviceProof'
export * from './embedded'
export * from './enrolment'
export {
  ERROR_CODE_OF_STATUS,
  ERROR_CODES,
  type ErrorBody,
  type ErrorCode,
  errorBodySchema,
  errorCodeOf,
  throttleSeconds,
  throttleText,
} from './errors.js'
export * from './farcaster'
export * from './gatewayMethods'
export * from './hosts'
export * from './limits'
export * from './monogram'
export * from './names'
export * from './onramp'
export * from './origins'
export * from './projects'
export * from './refusals'
export * from './siwx'
export * from './social'
export * from './solana'
export * from './wallets'
