/**
 * Methods a public gateway must not pass to a node: signing with the node's own keys (anvil unlocks its
 * dev accounts) and node administration. Wallets sign themselves and send raw transactions.
 */
const DENIED_PREFIXES = ['anvil_', 'hardhat_', 'evm_', 'debug_', 'admin_', 'personal_', 'miner_', 'txpool_']
const DENIED_METHODS = new Set([
  'eth_sendTransaction',
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
])

export function isMethodAllowed(method: string): boolean {
  return (
    !DENIED_METHODS.has(method) &&
    !method.startsWith('eth_signTypedData') &&
    !DENIED_PREFIXES.some((prefix) => method.startsWith(prefix))
  )
}

/** Spec §6 text for a call the gateway refuses. */
export const NOT_ALLOWED_MESSAGE = 'Requested RPC call is not allowed'
