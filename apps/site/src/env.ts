import { allAccessPassAddress, chainId as devnetChainId } from '@allaccess/chain/deployments'
import type { Address } from 'viem'

/**
 * Build-time configuration (Vite `VITE_*` variables, see .env.example). Defaults run the local devnet.
 * Read once here so every other module gets typed values, checked by the build (checkEnv).
 */
export type SiteEnv = {
  chainId: number
  chainName: string
  /** The cloud's RPC gateway for this chain: how the site reads the chain. */
  gatewayUrl: string
  /** The chain's own JSON-RPC, read while the cloud is down (the devnet's anvil by default; else VITE_RPC_URL). */
  chainRpcUrl: string | undefined
  explorerUrl: string | undefined
  passAddress: Address
  projectId: string
  cloudUrl: string
  /**
   * WalletConnect: the relay (the cloud's by default), the project id sent to it, and the Verify service that
   * attests the site to wallets (the cloud's when self-hosted; unset, WalletConnect's public one).
   */
  walletConnect: { relayUrl: string; projectId: string; selfHosted: boolean; verifyUrl: string | undefined }
  /** The embedded (e-mail) wallet's frame, on its own origin (VITE_FRAME_URL). */
  frameUrl: string
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** Anvil's default address, as `npm start` runs it (ANVIL_PORT). */
const DEVNET_RPC_URL = 'http://127.0.0.1:8545'

export function readEnv(source: Record<string, string | undefined>): SiteEnv {
  const chainId = Number(source.VITE_CHAIN_ID ?? devnetChainId)
  const passAddress = source.VITE_PASS_ADDRESS ?? allAccessPassAddress
  const projectId = source.VITE_PROJECT_ID ?? 'allaccess-local'
  const cloudUrl = (source.VITE_CLOUD_URL ?? 'http://127.0.0.1:8787').replace(/\/+$/, '')
  return {
    chainId,
    chainName: source.VITE_CHAIN_NAME ?? (chainId === devnetChainId ? 'Local devnet' : `Chain ${chainId}`),
    // The cloud's RPC gateway first: one place for upstreams, keys and rate limits.
    gatewayUrl: `${cloudUrl}/v1/?chainId=eip155:${chainId}&projectId=${encodeURIComponent(projectId)}`,
    chainRpcUrl: source.VITE_RPC_URL || (chainId === devnetChainId ? DEVNET_RPC_URL : undefined),
    explorerUrl: source.VITE_EXPLORER_URL || undefined,
    passAddress: passAddress as Address,
    projectId,
    cloudUrl,
    walletConnect: readWalletConnectEnv(source, cloudUrl, projectId),
    frameUrl: readFrameUrl(source),
  }
}

/**
 * The cloud's own relay and Verify service unless configured: self-hosted mode, where nothing calls
 * WalletConnect's public services. A WalletConnect Cloud project id (VITE_WC_PROJECT_ID) means the public relay
 * and its Verify service: third-party mobile wallets only ever use that relay (the pairing link carries no relay
 * URL).
 */
function readWalletConnectEnv(
  source: Record<string, string | undefined>,
  cloudUrl: string,
  projectId: string,
): SiteEnv['walletConnect'] {
  const publicProjectId = source.VITE_WC_PROJECT_ID || undefined
  const relayUrl =
    source.VITE_WC_RELAY_URL ||
    (publicProjectId ? 'wss://relay.walletconnect.org' : `${cloudUrl.replace(/^http/, 'ws')}/relay`)
  return {
    relayUrl,
    projectId: publicProjectId ?? projectId,
    selfHosted: !publicProjectId,
    verifyUrl: publicProjectId ? undefined : `${cloudUrl}/verify/v3`,
  }
}

function readFrameUrl(source: Record<string, string | undefined>): string {
  return source.VITE_FRAME_URL || 'http://127.0.0.1:8788/'
}

/**
 * The build's check of the settings (vite.config.ts): a bad value stops the build with a clear message, so the
 * page reads them unchecked and carries none of these texts.
 */
export function checkEnv(source: Record<string, string | undefined>): SiteEnv {
  const env = readEnv(source)
  if (!Number.isSafeInteger(env.chainId) || env.chainId <= 0)
    throw new Error('VITE_CHAIN_ID must be a positive integer')
  if (!ADDRESS.test(env.passAddress))
    throw new Error('VITE_PASS_ADDRESS must be a 0x-prefixed 40-hex address')
  if (!/^wss?:\/\//.test(env.walletConnect.relayUrl))
    throw new Error('VITE_WC_RELAY_URL must be a ws:// or wss:// URL')
  if (!/^https?:\/\//.test(env.frameUrl)) throw new Error('VITE_FRAME_URL must be an http:// or https:// URL')
  return env
}

export const env = readEnv(import.meta.env)
