import type { TokenBalance } from '@allaccess/protocol'
import * as z from 'zod/mini'
import { fromUnits, toDecimal } from '../../kernel/bigDecimal'
import { KernelError } from '../../kernel/errors'
import type { Network } from '../types'

/**
 * Asset discovery on EVM (docs/behaviour.md#asset-discovery): a wallet that says so in `wallet_getCapabilities`
 * (EIP-5792, EIP-7811) lists the account's assets itself with `wallet_getAssets`, keyed by hex chain id.
 */

/** A hex chain id as wallets key their answers: 31337 → 0x7a69. */
export const hexChainId = (network: Network) => `0x${Number(network.id).toString(16)}`

/**
 * The wallet's capabilities: an object, or the JSON text of one (WalletConnect sessions carry them as text);
 * anything else is 'Error parsing wallet capabilities'.
 */
export function readCapabilities(answer: unknown): Record<string, unknown> {
  let value = answer
  if (typeof answer === 'string') {
    try {
      value = JSON.parse(answer)
    } catch (cause) {
      throw new KernelError('errorParsingCapabilities', { cause })
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new KernelError('errorParsingCapabilities')
  }
  return value as Record<string, unknown>
}

const capabilitiesOfChain = z.object({ assetDiscovery: z.object({ supported: z.literal(true) }) })

/** Whether the wallet discovers assets on `network` (capabilities keyed by hex chain id). */
export function supportsAssetDiscovery(capabilities: Record<string, unknown>, network: Network): boolean {
  return capabilitiesOfChain.safeParse(capabilities[hexChainId(network)]).success
}

const HEX_QUANTITY = /^0x[0-9a-fA-F]+$/
const walletAsset = z.object({
  address: z.string(),
  balance: z.string().check(z.regex(HEX_QUANTITY)),
  type: z.enum(['ERC20', 'NATIVE']),
  metadata: z.object({
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().check(z.int(), z.gte(0), z.lte(255)),
    price: z.number(),
    iconUrl: z.string(),
  }),
})
const walletAssets = z.record(z.string(), z.array(walletAsset))

/**
 * The wallet's assets on `network` as token balances. The answer is taken only if every entry is valid: one
 * broken entry and the whole answer is refused (undefined), as the product asks.
 */
export function readWalletAssets(answer: unknown, network: Network): TokenBalance[] | undefined {
  const parsed = walletAssets.safeParse(answer)
  if (!parsed.success) return undefined
  const chainId = network.caipNetworkId
  return (parsed.data[hexChainId(network)] ?? []).map(({ address, balance, type, metadata }) => {
    const numeric = fromUnits(BigInt(balance), metadata.decimals)
    return {
      name: metadata.name,
      symbol: metadata.symbol,
      chainId,
      ...(type === 'NATIVE' ? {} : { address: `${chainId}:${address}` }),
      price: metadata.price,
      ...(metadata.price ? { value: Number(toDecimal(numeric).times(metadata.price).toFixed(2)) } : {}),
      quantity: { decimals: String(metadata.decimals), numeric },
      iconUrl: metadata.iconUrl,
    }
  })
}
