import { ConnectionErrorText, ModalError } from './errors'
import type { CaipNetworkId, ChainNamespace } from './types'

const NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']
const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

export function toCaipNetworkId(namespace: ChainNamespace, chainId: number | string): CaipNetworkId {
  return `${namespace}:${chainId}`
}

function isNamespace(value: string): value is ChainNamespace {
  return (NAMESPACES as readonly string[]).includes(value)
}

/** Spec §5: a network id has exactly 2 colon-separated parts. */
export function parseCaipNetworkId(id: string): { namespace: ChainNamespace; chainId: string } {
  const parts = id.split(':')
  const [namespace, chainId] = parts
  if (parts.length !== 2 || !namespace || !chainId || !isNamespace(namespace)) {
    throw new ModalError(ConnectionErrorText.invalidCaipAddress)
  }
  return { namespace, chainId }
}

/** Spec §5: a chain-qualified account address has exactly 3 colon-separated parts. */
export function parseCaipAddress(caipAddress: string): {
  namespace: ChainNamespace
  chainId: string
  address: string
} {
  const parts = caipAddress.split(':')
  const [namespace, chainId, address] = parts
  if (parts.length !== 3 || !namespace || !chainId || !address || !isNamespace(namespace)) {
    throw new ModalError(ConnectionErrorText.invalidCaipAddress)
  }
  return { namespace, chainId, address }
}

/** Spec §5: 40 hex characters with an optional 0x prefix, any case. */
export const isEvmAddress = (value: string): boolean => EVM_ADDRESS.test(value)

/** Spec §5: 32 to 44 base58 characters. */
export const isSolanaAddress = (value: string): boolean => SOLANA_ADDRESS.test(value)
