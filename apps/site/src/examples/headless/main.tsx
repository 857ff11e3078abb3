// The headless example's page (docs/packages.md#headless): the modal created as a site creates it, and a connect
// menu of the page's own (HeadlessConnectMenu) in place of the ConnectButton. The network and the cloud come from
// the page's JSON (#example-config), so one build serves any stack; the browser tests serve it on the site's origin.
import { createCloudClient, createModal, emailFeature, socialFeature } from '@allaccess/modal'
import { addEmbeddedWalletConnector, createEvmAdapter } from '@allaccess/modal/evm'
import { ModalProvider } from '@allaccess/modal/react'
import { createConfig, http } from '@wagmi/core'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { defineChain } from 'viem'
import { HeadlessConnectMenu } from './HeadlessConnectMenu'

export type ExampleConfig = {
  cloudUrl: string
  rpcUrl: string
  chainId: number
  projectId: string
  /** The embedded wallet's frame: e-mail and social sign-in. */
  frameUrl: string
}

const config = JSON.parse(document.getElementById('example-config')?.textContent ?? '{}') as ExampleConfig
const chain = defineChain({
  id: config.chainId,
  name: 'Local devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [config.rpcUrl] } },
})
const wagmiConfig = createConfig({ chains: [chain], transports: { [chain.id]: http() } })
const modal = createModal({
  adapters: [createEvmAdapter(wagmiConfig)],
  metadata: {
    name: 'Headless example',
    description: 'A connect menu of its own',
    url: location.origin,
    icons: [],
  },
  projectId: config.projectId,
  api: createCloudClient({ baseUrl: config.cloudUrl, projectId: config.projectId }),
  featuredWalletIds: ['metamask', 'rabby'],
  // The embedded wallet, added at run time as the site adds it: the page's own e-mail and social sign-in use it.
  connectors: () =>
    addEmbeddedWalletConnector(wagmiConfig, {
      frameUrl: config.frameUrl,
      projectId: config.projectId,
      rpcUrl: (chainId) =>
        `${config.cloudUrl}/v1/?chainId=eip155:${chainId}&projectId=${encodeURIComponent(config.projectId)}`,
      version: '0.1.0',
    }),
  modules: [emailFeature, socialFeature()],
})

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing')
createRoot(root).render(
  <StrictMode>
    <ModalProvider modal={modal}>
      <HeadlessConnectMenu />
    </ModalProvider>
  </StrictMode>,
)
