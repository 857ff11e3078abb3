import { createCloudClient, createEvmAdapter, createModal } from '@allaccess/modal'
import { env } from './env'
import { wagmiConfig } from './wagmi'

/** App metadata of spec §1: the mint site's name and description, the page origin, an icon it serves itself. */
export const metadata = {
  name: 'All-Access Pass',
  description: 'Connect your wallet and mint the All-Access Pass.',
  url: window.location.origin,
  icons: [`${window.location.origin}/icon.svg`],
}

export const modal = createModal({
  adapters: [createEvmAdapter(wagmiConfig)],
  metadata,
  projectId: env.projectId,
  api: createCloudClient({ baseUrl: env.cloudUrl, projectId: env.projectId }),
  featuredWalletIds: ['metamask', 'rabby', 'rainbow', 'coinbase'],
})
