import { createModal } from '@allaccess/modal'
import {
  addWalletConnectConnector,
  createEvmAdapter,
  hasWalletConnectConnection,
  readPersistedState,
} from '@allaccess/modal/evm'
import { createConfig, http, hydrate, injected } from '@wagmi/core'
import { mainnet } from 'viem/chains'

// Read before the config exists: creating it writes over the stored state.
const initialState = readPersistedState()
const wagmiConfig = createConfig({
  chains: [mainnet],
  connectors: [injected()],
  transports: { [mainnet.id]: http() },
})
const metadata = { name: 'My dapp', description: 'Mints a pass', url: 'https://dapp.example', icons: [] }

/** WalletConnect's connector loads at run time, on the modal's first use (its code is a chunk of its own). */
const addWalletConnect = () =>
  addWalletConnectConnector(wagmiConfig, { projectId: 'my-project', metadata, telemetryEnabled: false })

export const modal = createModal({
  adapters: [createEvmAdapter(wagmiConfig)],
  metadata,
  projectId: 'my-project',
  connectors: addWalletConnect,
})

// A reload shows the stored connection at once; a WalletConnect session needs its connector first.
const hydration = hydrate(wagmiConfig, { initialState, reconnectOnMount: true })
void (hasWalletConnectConnection(initialState) ? addWalletConnect() : Promise.resolve()).finally(() =>
  hydration.onMount(),
)
