import { useState } from 'react'

// app/routes/home.tsx with a button of its own where the modal's ConnectButton is.
export default function Home() {
  const [clicks, setClicks] = useState(0)
  return (
    <>
      <header>
        <button type="button" onClick={() => setClicks(clicks + 1)}>
          Connect Wallet
        </button>
      </header>
      <main>
        <h1>A dapp rendered on the server</h1>
        <p data-testid="status">{clicks === 0 ? 'disconnected' : 'clicked'}</p>
      </main>
    </>
  )
}
