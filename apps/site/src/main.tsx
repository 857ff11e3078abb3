import { hasEmbeddedWalletConnection, hasWalletConnectConnection } from '@allaccess/modal/evm'
import { ModalProvider } from '@allaccess/modal/react'
import { hydrate } from '@wagmi/core'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { modal } from './modal'
import './styles.css'
import { addEmbeddedWallet } from './embeddedWallet'
import { initialState, wagmiConfig } from './wagmi'
import { addWalletConnect } from './walletConnect'

// Restore the stored connection synchronously (the first render already shows it), then reconnect the wallet:
// a WalletConnect session or an e-mail login needs its connector (loaded at run time) registered first.
const hydration = hydrate(wagmiConfig, { initialState, reconnectOnMount: true })
const runTimeConnectors = [
  ...(hasWalletConnectConnection(initialState) ? [addWalletConnect()] : []),
  ...(hasEmbeddedWalletConnection(initialState) ? [addEmbeddedWallet()] : []),
]
void Promise.allSettled(runTimeConnectors).finally(() => hydration.onMount())

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
createRoot(root).render(
  <StrictMode>
    <ModalProvider modal={modal}>
      <App />
    </ModalProvider>
  </StrictMode>,
)
