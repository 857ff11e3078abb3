import { createModal } from '@allaccess/modal'
import { createEvmAdapter, readPersistedState } from '@allaccess/modal/evm'
import { ConnectButton, ModalProvider } from '@allaccess/modal/react'
import { createConfig, http, hydrate } from '@wagmi/core'
import { createRoot } from 'react-dom/client'
import { defineChain } from 'viem'

const devnet = defineChain({
  id: 31337,
  name: 'Local devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [import.meta.env.VITE_RPC_URL] } },
})
// Read before the config exists (creating it writes over the stored state): a reload shows the account at once.
const initialState = readPersistedState()
const wagmiConfig = createConfig({ chains: [devnet], transports: { [devnet.id]: http() } })
const modal = createModal({
  adapters: [createEvmAdapter(wagmiConfig)],
  metadata: { name: 'Vite dapp', description: 'A single-page dapp', url: location.origin, icons: [] },
  projectId: 'vite-dapp',
})
void hydrate(wagmiConfig, { initialState, reconnectOnMount: true }).onMount()

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing')
createRoot(root).render(
  <ModalProvider modal={modal}>
    <ConnectButton />
  </ModalProvider>,
)
