import { ModalProvider } from '@allaccess/modal/react'
import { hydrate } from '@wagmi/core'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { modal } from './modal'
import './styles.css'
import { initialState, wagmiConfig } from './wagmi'

// Restore the stored connection synchronously (the first render already shows it), then reconnect the wallet.
hydrate(wagmiConfig, { initialState, reconnectOnMount: true }).onMount()

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
createRoot(root).render(
  <StrictMode>
    <ModalProvider modal={modal}>
      <App />
    </ModalProvider>
  </StrictMode>,
)
