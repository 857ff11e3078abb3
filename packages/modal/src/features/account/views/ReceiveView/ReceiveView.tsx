import { ClipboardErrorText } from '../../../../kernel/errors'
import { CopyButton } from '../../../../ui/components/CopyButton'
import { QrCode } from '../../../../ui/components/QrCode/QrCode'
import { qrCodeCss } from '../../../../ui/components/QrCode/qrCode.css'
import { useModal, useModalAccount } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { useAccountState } from '../useAccount'
import { receiveCss } from './receive.css'

/** Receive (docs/behaviour.md#receive): the address as a QR code and as text, Copy, and the networks it works on. */
export function ReceiveView() {
  useViewStyles(qrCodeCss, receiveCss)
  const modal = useModal()
  const address = useAccountState((state) => state.address)
  const { network } = useModalAccount()
  if (!address) return null
  // An address works on its own family's networks only (a Solana address on no EVM network).
  const namespace = network?.chainNamespace
  const networks = modal.networks.filter((network) => network.chainNamespace === namespace)
  return (
    <div className="stack center receive">
      <figure className="wc-qr" aria-label="QR code of your address">
        <QrCode value={address} iconSpace={false} />
      </figure>
      <p className="receive-address">{address}</p>
      <CopyButton
        text={address}
        copied="Address copied"
        failed={ClipboardErrorText.copyFailed}
        className="secondary-button"
      >
        Copy address
      </CopyButton>
      <p className="muted">Send assets to this address only on these networks:</p>
      <ul className="list receive-networks" aria-label="Networks">
        {networks.map((network) => (
          <li key={network.caipNetworkId}>{network.name}</li>
        ))}
      </ul>
    </div>
  )
}
