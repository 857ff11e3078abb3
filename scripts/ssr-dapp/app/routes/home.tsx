import { ConnectButton, useModalAccount } from '@allaccess/modal/react'

export default function Home() {
  const account = useModalAccount()
  return (
    <>
      <header>
        <ConnectButton />
      </header>
      <main>
        <h1>A dapp rendered on the server</h1>
        <p data-testid="status">{account.status}</p>
      </main>
    </>
  )
}
