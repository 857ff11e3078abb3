import { hasWalletConnectConnection } from '@allaccess/modal'
import { ModalProvider } from '@allaccess/modal/react'
import { hydrate } from '@wagmi/core'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { modal } from './modal'
import './styles.css'
import { initialState, wagmiConfig } from './wagmi'
import { addWalletConnect } from './walletConnect'

// Restore the stored connection synchronously (the first render already shows it), then reconnect the wallet:
// a WalletConnect session needs its connector (loaded at run time) registered first.
const hydration = hydrate(wagmiConfig, { initialState, reconnectOnMount: true })
if (hasWalletConnectConnection(initialState)) void addWalletConnect().finally(() => hydration.onMount())
else void hydration.onMount()

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
createRoot(root).render(
  <StrictMode>
    <ModalProvider modal={modal}>
      <App />
    </ModalProvider>
  </StrictMode>,
)
