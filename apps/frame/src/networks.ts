import { formatUnits } from 'viem'
import {
  anvil,
  arbitrum,
  arbitrumSepolia,
  aurora,
  auroraTestnet,
  avalanche,
  avalancheFuji,
  base,
  baseSepolia,
  bsc,
  bscTestnet,
  celo,
  celoAlfajores,
  gnosis,
  gnosisChiado,
  mainnet,
  optimism,
  optimismSepolia,
  polygon,
  polygonAmoy,
  sepolia,
  zksync,
  zksyncSepoliaTestnet,
  zora,
  zoraSepolia,
} from 'viem/chains'

/** The EVM networks the frame supports and their test networks, plus the local devnet (anvil, 31337). */
const SUPPORTED = [
  mainnet,
  sepolia,
  optimism,
  optimismSepolia,
  arbitrum,
  arbitrumSepolia,
  polygon,
  polygonAmoy,
  celo,
  celoAlfajores,
  aurora,
  auroraTestnet,
  bsc,
  bscTestnet,
  avalanche,
  avalancheFuji,
  zksync,
  zksyncSepoliaTestnet,
  gnosis,
  gnosisChiado,
  base,
  baseSepolia,
  zora,
  zoraSepolia,
  { ...anvil, name: 'Local devnet' },
]

const names = new Map<number, string>(SUPPORTED.map((chain) => [chain.id, chain.name]))
const currencies = new Map<number, { decimals: number; symbol: string }>(
  SUPPORTED.map((chain) => [chain.id, chain.nativeCurrency]),
)

export const isSupportedChain = (chainId: number) => names.has(chainId)
export const networkName = (chainId: number) => names.get(chainId) ?? `Chain ${chainId}`
/** An amount of a network's own coin as the user reads it: 10^16 on Polygon is "0.01 POL", on Ethereum "0.01 ETH". */
export function nativeAmount(baseUnits: bigint, chainId: number): string {
  const { decimals, symbol } = currencies.get(chainId) ?? { decimals: 18, symbol: 'ETH' }
  return `${formatUnits(baseUnits, decimals)} ${symbol}`
}
