import { ConnectButton, useModalAccount } from '@allaccess/modal/react'
import { lazy, Suspense } from 'react'
import { MintPage } from './MintPage/MintPage'

// Only a connected visitor can enter: the page fetches the area's code once a wallet is connected.
const HoldersArea = lazy(() => import('./HoldersArea/HoldersArea'))

export function App() {
  return (
    <div className="page">
      <header className="topbar">
        <a className="brand" href="/">
          <img src="/icon.svg" alt="" width="28" height="28" />
          All-Access Pass
        </a>
        <ConnectButton />
      </header>
      <main>
        <MintPage />
        <Holders />
      </main>
    </div>
  )
}

function Holders() {
  const account = useModalAccount()
  if (!account.address) return null
  return (
    <Suspense fallback={null}>
      <HoldersArea />
    </Suspense>
  )
}
