// A bare page for the tests of the modal's options (support/optionsPage.ts): the modal as the site creates it —
// the EVM adapter on the devnet, the real cloud's directory — with the options the test put on `window.pageConfig`.
import { createCloudClient, createModal, siwxFeature } from '@allaccess/modal'
import { addWalletConnectConnector, createEvmAdapter } from '@allaccess/modal/evm'
import { mountModal } from '@allaccess/modal/testing'
import { createConfig, http } from '@wagmi/core'
import { defineChain } from 'viem'
import type { OptionsPageConfig } from './optionsPage'

const config = (window as unknown as { pageConfig: OptionsPageConfig }).pageConfig
const chain = defineChain({
  id: config.chainId,
  name: 'Local devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [config.rpcUrl] } },
})
const wagmiConfig = createConfig({ chains: [chain], transports: { [chain.id]: http() } })
const metadata = { name: 'Modal options', description: 'Modal options', url: location.origin, icons: [] }
const { walletConnect } = config
const modal = createModal({
  // EIP-6963 wallets are discovered, the scripted one of the test included.
  adapters: [createEvmAdapter(wagmiConfig)],
  metadata,
  projectId: config.projectId,
  api: createCloudClient({ baseUrl: config.cloudUrl, projectId: config.projectId }),
  featuredWalletIds: ['metamask', 'rabby', 'rainbow', 'coinbase'],
  isMobile: () => false,
  ...(config.signIn ? { modules: [siwxFeature()] } : {}),
  ...(walletConnect
    ? {
        connectors: () =>
          addWalletConnectConnector(wagmiConfig, {
            projectId: config.projectId,
            relayUrl: walletConnect.relayUrl,
            verifyUrl: walletConnect.verifyUrl,
            metadata,
            telemetryEnabled: false,
          }),
      }
    : {}),
  ...config.modal,
})
mountModal(modal)
document.querySelector('header button')?.addEventListener('click', () => modal.open())
Object.assign(window, { modal })
