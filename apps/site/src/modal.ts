import {
  createCloudClient,
  createModal,
  emailFeature,
  farcasterFeature,
  namesFeature,
  onrampFeature,
  siwxFeature,
  socialFeature,
  swapsFeature,
} from '@allaccess/modal'
import { createEvmAdapter } from '@allaccess/modal/evm'
import { solanaAdapter } from '@allaccess/modal/solana'
import { addEmbeddedWallet } from './embeddedWallet'
import { env } from './env'
import { metadata } from './metadata'
import { localSolanaNetwork, readSolanaEnv } from './solana'
import { wagmiConfig } from './wagmi'
import { addWalletConnect } from './walletConnect'

export { metadata }

/**
 * SITE_SOLANA=on: the local Solana network's adapter (its code a chunk of its own). `import.meta.env.VITE_SOLANA` is
 * written into the build, so without it the branch, and the Solana modules with it, leave the build.
 */
function solanaAdapters() {
  const solana = import.meta.env.VITE_SOLANA === 'on' ? readSolanaEnv(import.meta.env) : undefined
  return solana ? [solanaAdapter({ networks: [localSolanaNetwork(solana, env)] })] : []
}

/** The cloud's services: the modal's directory and sessions, the holders' area. */
export const cloud = createCloudClient({ baseUrl: env.cloudUrl, projectId: env.projectId })
/** Sign-in with the wallet, on demand: the holders' area asks for it. */
export const siwx = siwxFeature({ required: false })

export const modal = createModal({
  adapters: [createEvmAdapter(wagmiConfig), ...solanaAdapters()],
  metadata,
  projectId: env.projectId,
  api: cloud,
  connectors: () => Promise.all([addWalletConnect(), addEmbeddedWallet()]),
  modules: [
    emailFeature,
    socialFeature(),
    farcasterFeature,
    siwx,
    namesFeature,
    swapsFeature,
    onrampFeature(),
  ],
  featuredWalletIds: ['metamask', 'rabby', 'rainbow', 'coinbase'],
})
