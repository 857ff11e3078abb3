import { createModal } from '@allaccess/modal'
import { createEvmAdapter } from '@allaccess/modal/evm'
import {
  ConnectButton,
  ModalProvider,
  useBalances,
  useConnectMenu,
  useEmailLogin,
  useModal,
  useModalAccount,
  useSend,
  useSocialLogin,
  useViewToOpen,
} from '@allaccess/modal/react'
import { createConfig, http } from '@wagmi/core'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { mainnet } from 'viem/chains'

const wagmiConfig = createConfig({ chains: [mainnet], transports: { [mainnet.id]: http() } })
const modal = createModal({
  adapters: [createEvmAdapter(wagmiConfig)],
  metadata: { name: 'My dapp', description: 'Mints a pass', url: 'https://dapp.example', icons: [] },
  projectId: 'my-project',
})

/** The ready-made button, or your own from the same state. */
function Header() {
  return (
    <header>
      <ConnectButton />
      <ConnectButton>
        {({ label, open }) => (
          <button type="button" onClick={() => open()}>
            {label}
          </button>
        )}
      </ConnectButton>
    </header>
  )
}

/** A connect menu and account panel of your own (headless); what it doesn't draw opens the modal. */
function MyWalletMenu() {
  const next = useViewToOpen()
  const { open, disconnect } = useModal()
  const menu = useConnectMenu()
  const account = useModalAccount()
  const { balance } = useBalances()
  const send = useSend()
  if (next.view === 'Account')
    return (
      <section>
        <p>
          {account.address}: {balance ?? '…'}
        </p>
        <button type="button" onClick={() => void send.start()}>
          Send
        </button>
        <button type="button" onClick={() => void disconnect()}>
          Disconnect
        </button>
      </section>
    )
  if (next.view !== 'Connect' || !menu.ready)
    return (
      <button type="button" onClick={() => open()}>
        Connect
      </button>
    )
  return (
    <ul>
      {menu.wallets.map((wallet) => (
        <li key={wallet.key}>
          <button type="button" disabled={menu.locked} onClick={() => void menu.select(wallet)}>
            {wallet.name}
          </button>
        </li>
      ))}
    </ul>
  )
}

/** E-mail and social sign-in of your own (needs emailFeature, socialFeature() and the embedded wallet's connector). */
function MySignIn() {
  const email = useEmailLogin()
  const social = useSocialLogin()
  const [value, setValue] = useState('')
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        void (email.step === 'code' ? email.verify(value) : email.submit(value))
      }}
    >
      <input value={value} onChange={(event) => setValue(event.target.value)} />
      <button type="submit" disabled={email.busy}>
        {email.step === 'code' ? `Verify the code sent to ${email.email}` : 'Continue'}
      </button>
      <p role="status">{email.error}</p>
      {social.providers.map((provider) => (
        <button
          key={provider}
          type="button"
          disabled={!social.ready || social.connecting !== undefined}
          onClick={() => void social.select(provider)}
        >
          {provider}
        </button>
      ))}
    </form>
  )
}

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <ModalProvider modal={modal}>
      <Header />
      <MyWalletMenu />
      <MySignIn />
    </ModalProvider>,
  )
