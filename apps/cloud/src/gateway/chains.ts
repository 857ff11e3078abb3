import { toCaipNetworkId } from '@allaccess/protocol'

/** `eip155:N` (CAIP-2) or a bare N; other namespaces have no gateway here. */
export function parseChainParam(value: string): number | undefined {
  const match = /^(?:eip155:)?([1-9]\d{0,14})$/.exec(value)
  return match?.[1] ? Number(match[1]) : undefined
}

export const caip2 = (chainId: number) => toCaipNetworkId('eip155', chainId)
