import { createCloudClient, createEvmAdapter, createModal, emailFeature } from '@allaccess/modal'
import { addEmbeddedWallet } from './embeddedWallet'
import { env } from './env'
import { metadata } from './metadata'
import { wagmiConfig } from './wagmi'
import { addWalletConnect } from './walletConnect'

export { metadata }

export const modal = createModal({
  adapters: [createEvmAdapter(wagmiConfig)],
  metadata,
  projectId: env.projectId,
  api: createCloudClient({ baseUrl: env.cloudUrl, projectId: env.projectId }),
  connectors: () => Promise.all([addWalletConnect(), addEmbeddedWallet()]),
  modules: [emailFeature],
  featuredWalletIds: ['metamask', 'rabby', 'rainbow', 'coinbase'],
})
