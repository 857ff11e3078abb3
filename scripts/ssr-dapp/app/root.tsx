import { ModalProvider } from '@allaccess/modal/react'
import { hydrate } from '@wagmi/core'
import { type ReactNode, useEffect } from 'react'
import { Links, Meta, Outlet, Scripts } from 'react-router'
import { modal, storedConnection, wagmiConfig } from './wallet'

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>SSR dapp</title>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}

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
