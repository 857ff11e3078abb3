import { type ChainNamespace, readCaipAddress, readCaipNetworkId } from '@allaccess/protocol'
import { KernelError } from '../kernel/errors'

// CAIP ids and address shapes live in @allaccess/protocol (`caip.ts`); these readers raise the modal's error (docs/behaviour.md#errors).

/** docs/behaviour.md#chains: a network id has exactly 2 colon-separated parts; 'Invalid CAIP Address' otherwise. */
export function parseCaipNetworkId(id: string): { namespace: ChainNamespace; chainId: string } {
  return readCaipNetworkId(id) ?? invalidCaip()
}

/** docs/behaviour.md#chains: a chain-qualified account address has exactly 3 colon-separated parts; 'Invalid CAIP Address' otherwise. */
export function parseCaipAddress(caipAddress: string): {
  namespace: ChainNamespace
  chainId: string
  address: string
} {
  return readCaipAddress(caipAddress) ?? invalidCaip()
}

function invalidCaip(): never {
  throw new KernelError('invalidCaipAddress')
}
