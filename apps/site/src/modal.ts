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
import { addEmbeddedWallet } from './embeddedWallet'
import { env } from './env'
import { metadata } from './metadata'
import { wagmiConfig } from './wagmi'
import { addWalletConnect } from './walletConnect'

export { metadata }

/** The cloud's services: the modal's directory and sessions, the holders' area. */
export const cloud = createCloudClient({ baseUrl: env.cloudUrl, projectId: env.projectId })
/** Sign-in with the wallet, on demand: the holders' area asks for it. */
export const siwx = siwxFeature({ required: false })

export const modal = createModal({
  adapters: [createEvmAdapter(wagmiConfig)],
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
