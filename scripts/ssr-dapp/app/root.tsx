import { ModalProvider } from '@allaccess/modal/react'
import { hydrate } from '@wagmi/core'
import { useEffect } from 'react'
import { Outlet } from 'react-router'
import { modal, storedConnection, wagmiConfig } from './wallet'

export { Layout } from '../document'

export default function Root() {
  // After hydration: the stored connection comes back, its account at once, then the wallet reconnects; the
  // button goes from the server's "Connect Wallet" to the account, nothing between.
  useEffect(() => {
    void hydrate(wagmiConfig, { initialState: storedConnection, reconnectOnMount: true }).onMount()
  }, [])
  return (
    <ModalProvider modal={modal}>
      <Outlet />
    </ModalProvider>
  )
}
