/**
 * The ERC-4337 methods `/v1/bundler` passes to the bundler (apps/cloud/README.md#bundler): an allowlist, so the
 * bundler's own (debug_*, pimlico_*) and the node's methods stay out of reach.
 */
export const BUNDLER_METHODS: ReadonlySet<string> = new Set([
  'eth_sendUserOperation',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_supportedEntryPoints',
])
