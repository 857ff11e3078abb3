import { addresses, chainId as devnetChainId } from '@allaccess/chain/deployments'
import type { Address } from 'viem'

/**
 * Build-time configuration (Vite `VITE_*` variables, see .env.example). Defaults run the local devnet.
 * Read once here so every other module gets typed, validated values.
 */
export type SiteEnv = {
  chainId: number
  chainName: string
  rpcUrl: string
  explorerUrl: string | undefined
  passAddress: Address
  projectId: string
  cloudUrl: string
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

export function readEnv(source: Record<string, string | undefined>): SiteEnv {
  const chainId = Number(source.VITE_CHAIN_ID ?? devnetChainId)
  if (!Number.isSafeInteger(chainId) || chainId <= 0)
    throw new Error(`VITE_CHAIN_ID must be a positive integer`)
  const passAddress = source.VITE_PASS_ADDRESS ?? addresses.allAccessPass
  if (!ADDRESS.test(passAddress)) throw new Error('VITE_PASS_ADDRESS must be a 0x-prefixed 40-hex address')
  const projectId = source.VITE_PROJECT_ID ?? 'allaccess-local'
  const cloudUrl = (source.VITE_CLOUD_URL ?? 'http://127.0.0.1:8787').replace(/\/+$/, '')
  return {
    chainId,
    chainName: source.VITE_CHAIN_NAME ?? (chainId === devnetChainId ? 'Local devnet' : `Chain ${chainId}`),
    // The cloud's RPC gateway by default: one place for upstreams, keys and rate limits.
    rpcUrl:
      source.VITE_RPC_URL ||
      `${cloudUrl}/v1/?chainId=eip155:${chainId}&projectId=${encodeURIComponent(projectId)}`,
    explorerUrl: source.VITE_EXPLORER_URL || undefined,
    passAddress: passAddress as Address,
    projectId,
    cloudUrl,
  }
}

export const env = readEnv(import.meta.env)
