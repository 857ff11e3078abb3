import { useSyncExternalStore } from 'react'
import { WalletIcon } from '../../components/WalletIcon'
import { useModal } from '../../hooks'
import { visibleConnectors } from './visibleConnectors'

export function ConnectView() {
  const modal = useModal()
  const connectors = useSyncExternalStore(modal.subscribeAccount, modal.getConnectors, modal.getConnectors)
  const wallets = visibleConnectors(connectors, { isMobile: modal.options.isMobile?.() ?? false })
  if (wallets.length === 0) {
    return (
      <div className="stack center">
        <p>No browser wallet found.</p>
        <p className="muted">Install a wallet extension, then reload this page.</p>
      </div>
    )
  }
  return (
    <ul className="list" aria-label="Wallets">
      {wallets.map((connector) => (
        <li key={connector.id}>
          <button type="button" className="row-button" onClick={() => void modal.connect(connector.id)}>
            <WalletIcon connector={connector} />
            <span>{connector.name}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
