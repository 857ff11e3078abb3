import type { Network } from '@allaccess/modal'
import { DEFAULT_SOLANA_PORT, LOCAL_SOLANA_CHAIN_ID } from '@allaccess/solana-chain/constants'

/**
 * The local Solana network beside the EVM one (`SITE_SOLANA=on npm start` sets VITE_SOLANA=on): its JSON-RPC
 * is VITE_SOLANA_RPC_URL, the local chain's by default. Off by default (one EVM network), and then none of
 * this is in the build: the site reads it only where `import.meta.env.VITE_SOLANA` says 'on'.
 */
export function readSolanaEnv(source: Record<string, string | undefined>): { rpcUrl: string } | undefined {
  if (source.VITE_SOLANA !== 'on') return undefined
  return { rpcUrl: source.VITE_SOLANA_RPC_URL || `http://127.0.0.1:${DEFAULT_SOLANA_PORT}` }
}

/** The build's check of the same settings (vite.config.ts): a wrong URL stops the build, so the page needn't check. */
export function checkSolanaEnv(source: Record<string, string | undefined>): { rpcUrl: string } | undefined {
  const solana = readSolanaEnv(source)
  if (solana && !/^https?:\/\//.test(solana.rpcUrl))
    throw new Error('VITE_SOLANA_RPC_URL must be an http:// or https:// URL')
  return solana
}

/**
 * The local chain as the modal's network: SOL in lamports, read through the cloud's gateway first and the chain's
 * own RPC while the cloud is down (as the EVM network is). No explorer named: the Solana family links Solana
 * Explorer on a custom cluster, the chain's own RPC.
 */
export function localSolanaNetwork(
  { rpcUrl }: { rpcUrl: string },
  { cloudUrl, projectId }: { cloudUrl: string; projectId: string },
): Network {
  const gatewayUrl = `${cloudUrl}/v1/?chainId=${LOCAL_SOLANA_CHAIN_ID}&projectId=${encodeURIComponent(projectId)}`
  return {
    id: LOCAL_SOLANA_CHAIN_ID.slice('solana:'.length),
    chainNamespace: 'solana',
    caipNetworkId: LOCAL_SOLANA_CHAIN_ID as Network['caipNetworkId'],
    name: 'Local Solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [gatewayUrl, rpcUrl] } },
  }
}
