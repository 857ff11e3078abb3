import { useModal, useModalAccount, useModalState } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { allWalletsCss } from '../../../connect/views/AllWallets/allWallets.css'
import { networksCss } from '../../../network/views/UnsupportedChain/networks.css'
import { NetworkList } from '../../../network/views/UnsupportedChain/UnsupportedChainView'

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
      <NetworkList networks={modal.networks} current={current} currentConfigured />
    </div>
  )
}
