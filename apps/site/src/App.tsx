import { ConnectButton } from '@allaccess/modal/react'
import { MintPage } from './MintPage/MintPage'

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
      </main>
    </div>
  )
}
