import {
  createCloudClient,
  createModal,
  emailFeature,
  farcasterFeature,
  type Network,
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
import { wagmiConfig } from './wagmi'
import { addWalletConnect } from './walletConnect'

export { metadata }

/** The local Solana network (`SITE_SOLANA=on`): SOL in lamports, its explorer pointed at the local RPC. */
function solanaNetwork({ caipNetworkId, rpcUrl }: NonNullable<typeof env.solana>): Network {
  return {
    id: caipNetworkId.slice('solana:'.length),
    chainNamespace: 'solana',
    caipNetworkId: caipNetworkId as Network['caipNetworkId'],
    name: 'Local Solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpcUrl] } },
    blockExplorerUrl: `https://explorer.solana.com?cluster=custom&customUrl=${encodeURIComponent(rpcUrl)}`,
  }
}

/** The cloud's services: the modal's directory and sessions, the holders' area. */
export const cloud = createCloudClient({ baseUrl: env.cloudUrl, projectId: env.projectId })
/** Sign-in with the wallet, on demand: the holders' area asks for it. */
export const siwx = siwxFeature({ required: false })

export const modal = createModal({
  // `import.meta.env` read here, not through env.ts, so a build without Solana leaves its adapter out entirely.
  adapters: [
    createEvmAdapter(wagmiConfig),
    ...(import.meta.env.VITE_SOLANA === 'on' && env.solana
      ? [solanaAdapter({ networks: [solanaNetwork(env.solana)] })]
      : []),
  ],
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
