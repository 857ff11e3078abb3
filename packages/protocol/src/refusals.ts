/**
 * The cloud's refusal texts (docs/behaviour.md#configuration), as its HTTP answers (`message`) and its relay's close reasons carry
 * them: the modal turns each into its alert. A module without zod: the modal's first load imports it.
 */
export const REFUSAL_TEXTS = {
  invalidKey: 'Unauthorized: invalid key',
  originNotAllowed: 'Unauthorized: origin not allowed',
  featureOff: 'This project has turned this feature off.',
  /** A relay token issued ahead of the relay's clock (the client's clock is fast). */
  tokenNotYetValid: 'JWT validation error: JWT Token is not yet valid',
} as const
