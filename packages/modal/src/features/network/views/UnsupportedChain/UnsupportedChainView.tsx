import type { Network } from '../../../../chains/types'
import { useFeature, useModal, useModalAccount, useModalState } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { connectFeature } from '../../../connect/connectFeature'
import { allWalletsCss } from '../../../connect/views/AllWallets/allWallets.css'
import { MonogramImage } from '../../../connect/views/AllWallets/WalletImage'
import { networkName } from '../../knownChains'
import { networksCss } from './networks.css'

/**
 * The network switch: the wallet's network first, marked current (not a choice: the site doesn't use it), then
 * every network the site configures, each with its icon.
 */
export function UnsupportedChainView() {
  // The icons and their monograms are styled as All Wallets' images.
  useViewStyles(allWalletsCss, networksCss)
  const modal = useModal()
  const { error } = useModalState()
  // Rendered again when the wallet moves: the active network follows its account.
  useModalAccount()
  const current = modal.getActiveNetwork()
  const configured = modal.networks.some((network) => network.caipNetworkId === current.caipNetworkId)
  const networks = configured ? modal.networks : [current, ...modal.networks]
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
      <NetworkList networks={networks} current={current} currentConfigured={configured} />
      <button type="button" className="secondary-button" onClick={() => void modal.disconnect()}>
        Disconnect
      </button>
    </div>
  )
}

/**
 * A network's icon (the cloud's, else its monogram) and name (a well-known chain's when the site doesn't configure
 * it); one the site doesn't know also shows its id.
 */
export function NetworkRow({ network, configured }: { network: Network; configured: boolean }) {
  const { networkImageUrl } = useFeature(connectFeature)
  const name = networkName(network, configured)
  return (
    <>
      <MonogramImage
        url={networkImageUrl(network)}
        seed={network.caipNetworkId}
        name={name}
        className="wallet-image network-icon"
      />
      <span className="row-label">
        {name}
        {configured ? null : <span className="network-id muted">Chain {network.id}</span>}
      </span>
    </>
  )
}

/**
 * The networks as a list: `current` marked (not a choice), each other one switches to itself. The current one
 * may be a network the site doesn't configure (`currentConfigured` false).
 */
export function NetworkList({
  networks,
  current,
  currentConfigured,
}: {
  networks: readonly Network[]
  current: Network
  currentConfigured: boolean
}) {
  const modal = useModal()
  return (
    <ul className="list" aria-label="Networks">
      {networks.map((network) => (
        <li key={network.caipNetworkId}>
          {network.caipNetworkId === current.caipNetworkId ? (
            <div className="row-button network-current" aria-current="true">
              <NetworkRow network={network} configured={currentConfigured} />
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
  )
}
