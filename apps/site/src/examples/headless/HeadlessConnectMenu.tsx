import { formatAddress, formatBalance, type WalletSection } from '@allaccess/modal'
import {
  useBalances,
  useConnectMenu,
  useModal,
  useModalAccount,
  useSend,
  useViewToOpen,
} from '@allaccess/modal/react'
import { useState } from 'react'
import { EmailSignIn, SocialSignIn } from './HeadlessSignIn'

/** How this page names each section of the wallet list (the modal's own view tags rows instead). */
const SECTION_TITLES: Record<WalletSection, string> = {
  walletConnect: 'Scan with your phone',
  recent: 'Recently used',
  injected: 'In this browser',
  featured: 'Popular',
  custom: 'Ours',
  external: 'Other',
  recommended: 'More wallets',
}

/**
 * A connect menu and account panel of the site's own, built on the modal's headless hooks: the same wallets,
 * order, switches and connecting as the modal's Connect view, in this page's markup, e-mail and social sign-in
 * included. What the menu does not draw (All Wallets, Farcaster's QR code) opens the modal on that view.
 */
export function HeadlessConnectMenu() {
  const account = useModalAccount()
  const next = useViewToOpen()
  const { open } = useModal()
  const [shown, setShown] = useState(false)
  // The opening rules: Connect while disconnected, Account once connected; any other view is the modal's own.
  const toggle = () => (next.view === 'Connect' || next.view === 'Account' ? setShown(!shown) : open())
  const label = account.address ? formatAddress(account.address) : 'Connect'
  return (
    <div className="headless">
      <button
        type="button"
        aria-expanded={shown}
        onClick={toggle}
        disabled={account.status === 'reconnecting'}
      >
        {account.status === 'reconnecting' ? 'Restoring…' : label}
      </button>
      {shown && next.view === 'Connect' ? <ConnectMenu /> : null}
      {shown && next.view === 'Account' ? <AccountPanel /> : null}
    </div>
  )
}

function ConnectMenu() {
  const menu = useConnectMenu()
  const { open } = useModal()
  if (!menu.ready) return <p role="status">Loading wallets…</p>
  return (
    <section aria-label="Connect menu" className="stack">
      {menu.legal ? (
        <label>
          <input type="checkbox" onChange={(event) => menu.accept(event.target.checked)} /> I accept the terms
        </label>
      ) : null}
      {menu.methods.map((method) =>
        method === 'wallet' ? (
          <div key={method}>
            {menu.sections.map(({ section, wallets }) => (
              <section key={section} aria-label={SECTION_TITLES[section]}>
                <h3>{SECTION_TITLES[section]}</h3>
                <ul>
                  {wallets.map((wallet) => (
                    <li key={wallet.key}>
                      <button type="button" disabled={menu.locked} onClick={() => void menu.select(wallet)}>
                        {wallet.name}
                        {wallet.installed ? ' (installed)' : ''}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            {menu.showsAllWallets ? (
              <button type="button" disabled={menu.locked} onClick={() => open({ view: 'AllWallets' })}>
                Browse all wallets
              </button>
            ) : null}
          </div>
        ) : method === 'email' ? (
          <EmailSignIn key={method} disabled={menu.locked} />
        ) : (
          <SocialSignIn key={method} disabled={menu.locked} />
        ),
      )}
      <p role="status">
        {menu.connecting ? (menu.connecting.error ?? 'Approve the connection in your wallet…') : null}
        {menu.directoryUnavailable ? 'Some wallets could not be listed.' : null}
      </p>
    </section>
  )
}

function AccountPanel() {
  const account = useModalAccount()
  const balances = useBalances()
  const { disconnect } = useModal()
  return (
    <section aria-label="Account" className="stack">
      <p>
        {account.address} on {account.network?.name ?? 'an unsupported network'}
      </p>
      <p>Balance: {balances.balance ?? '…'}</p>
      <SendForm />
      <button type="button" onClick={() => void disconnect()}>
        Disconnect
      </button>
    </section>
  )
}

function SendForm() {
  const send = useSend()
  const [started, setStarted] = useState(false)
  const { state } = send
  if (!started || !state)
    return (
      <button type="button" onClick={() => void send.start().then(() => setStarted(true))}>
        Send
      </button>
    )
  return (
    <form
      aria-label="Send"
      onSubmit={(event) => {
        event.preventDefault()
        void (state.step === 'preview' ? send.confirm() : send.preview())
      }}
    >
      <label>
        Amount ({state.token?.symbol ?? '…'})
        <input value={state.amount} onChange={(event) => send.setAmount(event.target.value)} />
      </label>
      <label>
        To
        <input value={state.receiver} onChange={(event) => send.setReceiver(event.target.value)} />
      </label>
      {state.step === 'preview' && typeof state.fee === 'object' ? (
        <p>
          Network fee: {formatBalance(state.fee.value, state.fee.decimals, 6)} {state.fee.symbol}
        </p>
      ) : null}
      <button type="submit" disabled={state.step === 'confirming' || state.step === 'pending'}>
        {state.step === 'preview' ? 'Confirm' : 'Review'}
      </button>
      <p role="status">
        {state.error ??
          (state.step === 'pending' ? 'Sending…' : state.step === 'done' ? `Sent: ${state.hash}` : null)}
      </p>
    </form>
  )
}
