import type { ChainNamespace } from '../../chains/types'

/** Each namespace's group heading in the Wallets view. */
export const NAMESPACE_NAMES: Partial<Record<ChainNamespace, string>> = { eip155: 'EVM', solana: 'Solana' }
