import { SOL_DECIMALS, SOLANA_NETWORKS } from '@allaccess/protocol'
import { LOCAL_SOLANA_CHAIN_ID } from '@allaccess/solana-chain/constants'
import { formatUnits } from 'viem'
import { ParamsError } from '../params'

/**
 * The Solana networks the frame serves (spec §9: the Solana networks and their test networks): mainnet, devnet,
 * testnet and the local chain (packages/solana-chain), each named by its CAIP-2 reference as the modal sends it
 * (`chainId`, with `chainNamespace: 'solana'`). The frame reads and sends on each through the cloud's gateway.
 */
export const FRAME_SOLANA_NETWORKS: ReadonlyMap<string, string> = new Map([
  [SOLANA_NETWORKS.mainnet, 'Solana'],
  [SOLANA_NETWORKS.devnet, 'Solana Devnet'],
  [SOLANA_NETWORKS.testnet, 'Solana Testnet'],
  [LOCAL_SOLANA_CHAIN_ID, 'Solana local chain'],
])

/** What a request on a Solana network the frame does not serve is told. */
export const UNSUPPORTED_SOLANA_NETWORK = 'Unsupported Solana network'

export type SolanaNetwork = { caipNetworkId: string; name: string; rpcUrl: string }

/**
 * The network a Solana request names by its reference (`5eykt4Us…`, or the whole `solana:…` id): one of the frame's,
 * with the cloud's gateway for it as its RPC (the frame builds it; no host names an RPC for it).
 */
export function solanaNetwork(
  chainId: unknown,
  gateway: { cloudUrl: string; projectId: string },
): SolanaNetwork {
  const reference = typeof chainId === 'string' ? chainId.replace(/^solana:/, '') : ''
  const caipNetworkId = `solana:${reference}`
  const name = FRAME_SOLANA_NETWORKS.get(caipNetworkId)
  if (!name) throw new ParamsError(UNSUPPORTED_SOLANA_NETWORK)
  const query = new URLSearchParams({ chainId: caipNetworkId, projectId: gateway.projectId })
  return { caipNetworkId, name, rpcUrl: `${gateway.cloudUrl}/v1/?${query}` }
}

/** Lamports as SOL: 1500000 → "0.0015 SOL". */
export const solAmount = (lamports: bigint) => `${formatUnits(lamports, SOL_DECIMALS)} SOL`
