import { createCloudClient, createEvmAdapter, createModal } from '@allaccess/modal'
import { env } from './env'
import { metadata } from './metadata'
import { wagmiConfig } from './wagmi'

export { metadata }

export const modal = createModal({
  adapters: [createEvmAdapter(wagmiConfig)],
  metadata,
  projectId: env.projectId,
  api: createCloudClient({ baseUrl: env.cloudUrl, projectId: env.projectId }),
  featuredWalletIds: ['metamask', 'rabby', 'rainbow', 'coinbase'],
})
