import { useModal } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { onrampCss } from '../onramp.css'
import { useOnrampState } from '../useOnramp'

/** OnRampDone (docs/behaviour.md#on-ramp): what was bought, sent to the wallet (Activity shows the transfer). */
export function OnRampDoneView() {
  useViewStyles(onrampCss)
  const modal = useModal()
  const order = useOnrampState((state) => state.order)
  return (
    <div className="stack center">
      <p className="onramp-bought" role="status">
        {order ? `${order.purchaseAmount.amount} ${order.purchaseAmount.currency}` : ''}
      </p>
      <p className="muted">is on its way to your wallet: Activity shows the transfer.</p>
      <button type="button" className="primary-button" onClick={() => modal.home()}>
        Back to account
      </button>
    </div>
  )
}
