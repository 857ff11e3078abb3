import { useModal, useModalState } from '../../hooks'

export function UnsupportedChainView() {
  const modal = useModal()
  const { error } = useModalState()
  return (
    <div className="stack">
      <p className="muted">
        This app doesn’t support your current network. Switch to an available option to continue.
      </p>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="list" aria-label="Available networks">
        {modal.networks.map((network) => (
          <li key={network.caipNetworkId}>
            <button type="button" className="row-button" onClick={() => void modal.switchNetwork(network)}>
              <span>{network.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="secondary-button" onClick={() => void modal.disconnect()}>
        Disconnect
      </button>
    </div>
  )
}
