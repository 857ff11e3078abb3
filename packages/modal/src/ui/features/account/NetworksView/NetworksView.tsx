import { useModal, useModalAccount, useModalState } from '../../../hooks'
import { useViewStyles } from '../../../viewStyles'
import { allWalletsCss } from '../../../views/AllWallets/allWallets.css'
import { networksCss } from '../../../views/UnsupportedChain/networks.css'
import { NetworkRow } from '../../../views/UnsupportedChain/UnsupportedChainView'

/**
 * The networks the site configures, from the Account view's network button (docs/behaviour.md#network-switch):
 * the account's network marked current, each other one switches to itself.
 */
export function NetworksView() {
  useViewStyles(allWalletsCss, networksCss)
  const modal = useModal()
  const { error } = useModalState()
  useModalAccount()
  const current = modal.getActiveNetwork()
  return (
    <div className="stack">
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="list" aria-label="Networks">
        {modal.networks.map((network) => (
          <li key={network.caipNetworkId}>
            {network.caipNetworkId === current.caipNetworkId ? (
              <div className="row-button network-current" aria-current="true">
                <NetworkRow network={network} configured />
                <span className="tag">Current</span>
              </div>
            ) : (
              <button type="button" className="row-button" onClick={() => void modal.switchNetwork(network)}>
                <NetworkRow network={network} configured />
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
