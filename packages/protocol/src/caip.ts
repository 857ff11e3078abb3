/**
 * Chain-agnostic ids (CAIP-2 networks, CAIP-10 accounts) and the address shapes of docs/behaviour.md#chains. The cloud validates
 * the chains of its wallet catalogue with them; the modal builds and reads network ids and account addresses.
 */

/** The namespaces (docs/behaviour.md#chains). */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]
export type CaipNetworkId = `${ChainNamespace}:${string}`

/** CAIP-2: `namespace:reference`, e.g. `eip155:1` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
export const CAIP2_CHAIN_ID = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/
/** CAIP-10: a CAIP-2 chain id and an account address. */
export const CAIP10_ACCOUNT = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/
/** docs/behaviour.md#chains: 40 hex characters, 0x optional, any case. */
export const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

export function isChainNamespace(value: string): value is ChainNamespace {
  return (CHAIN_NAMESPACES as readonly string[]).includes(value)
}

export function toCaipNetworkId(namespace: ChainNamespace, chainId: number | string): CaipNetworkId {
  return `${namespace}:${chainId}`
}

/** docs/behaviour.md#chains: a network id has exactly 2 colon-separated parts. Undefined unless CAIP-2 with a known namespace. */
export function readCaipNetworkId(id: string): { namespace: ChainNamespace; chainId: string } | undefined {
  const [, namespace, chainId] = CAIP2_CHAIN_ID.exec(id) ?? []
  return namespace && chainId && isChainNamespace(namespace) ? { namespace, chainId } : undefined
}

/**
 * docs/behaviour.md#chains: a chain-qualified account address has exactly 3 colon-separated parts. Undefined unless CAIP-10 with a
 * known namespace.
 */
export function readCaipAddress(
  caipAddress: string,
): { namespace: ChainNamespace; chainId: string; address: string } | undefined {
  const [, namespace, chainId, address] = CAIP10_ACCOUNT.exec(caipAddress) ?? []
  return namespace && chainId && address && isChainNamespace(namespace)
    ? { namespace, chainId, address }
    : undefined
}

/** docs/behaviour.md#chains: 40 hex characters with an optional 0x prefix, any case. */
export const isEvmAddress = (value: string): boolean => EVM_ADDRESS.test(value)

/** docs/behaviour.md#chains: 32 to 44 base58 characters. */
export const isSolanaAddress = (value: string): boolean => SOLANA_ADDRESS.test(value)
