import { useEffect } from 'react'
import { ClipboardErrorText } from '../../../../kernel/errors'
import { CopyButton } from '../../../../ui/components/CopyButton'
import { OtpInput } from '../../../../ui/components/OtpInput/OtpInput'
import { otpInputCss } from '../../../../ui/components/OtpInput/otpInput.css'
import { QrCode } from '../../../../ui/components/QrCode/QrCode'
import { qrCodeCss } from '../../../../ui/components/QrCode/qrCode.css'
import { Spinner } from '../../../../ui/components/Spinner'
import { useModal } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { farcasterCss } from '../farcaster.css'
import { useFarcaster, useFarcasterState } from '../useFarcaster'

/**
 * ConnectingFarcaster (docs/behaviour.md#farcaster): the Sign In With Farcaster link as a QR code (on a phone,
 * which can't scan its own screen, a button that opens the Farcaster app instead), to open or copy; the wait for
 * the approval; then the code the Farcaster app showed its approver (only the window that showed the link signs
 * in: a link sent on to someone else finishes nothing); 'Failed to connect to farcaster' with Try again.
 */
export function ConnectingFarcasterView() {
  // The QR code is drawn as WalletConnect's is.
  useViewStyles(qrCodeCss, farcasterCss, otpInputCss)
  const modal = useModal()
  const farcaster = useFarcaster()
  const url = useFarcasterState((state) => state.farcasterUrl)
  const error = useFarcasterState((state) => state.error)
  const busy = useFarcasterState((state) => state.busy)
  const approved = useFarcasterState((state) => state.approved)
  // Each visit is a new sign-in (a link lives 5 minutes); a second call while one runs does nothing.
  useEffect(() => {
    void farcaster.connect()
  }, [farcaster])
  const mobile = modal.isMobile()

  if (error && !busy)
    return (
      <div className="stack center connecting-wc">
        <p className="error" role="alert">
          {error}
        </p>
        <div>
          <button type="button" className="primary-button" onClick={() => void farcaster.connect()}>
            Try again
          </button>
        </div>
      </div>
    )
  if (approved)
    return (
      <div className="stack center connecting-wc">
        <p>Approved in Farcaster. Enter the code the Farcaster app shows.</p>
        <OtpInput disabled={busy} onComplete={(code) => farcaster.complete(code)} />
      </div>
    )
  return (
    <div className="stack center connecting-wc">
      {mobile ? null : (
        <figure className="wc-qr" aria-label="QR code to sign in with Farcaster">
          {url ? <QrCode value={url} iconSpace={false} /> : <Spinner label="Preparing the QR code" />}
        </figure>
      )}
      <p>
        {mobile
          ? 'Continue in the Farcaster app'
          : 'Scan this code with your phone to sign in with Farcaster'}
      </p>
      {url ? (
        <div className="wc-status muted" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>Waiting for Farcaster to approve…</span>
        </div>
      ) : null}
      <div className="wc-actions">
        {url ? (
          <a
            className={`farcaster-open ${mobile ? 'primary-button' : 'secondary-button'}`}
            href={url}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open Farcaster
          </a>
        ) : null}
        <CopyButton
          text={url}
          copied="Link copied"
          failed={ClipboardErrorText.copyLinkFailed}
          className="secondary-button"
        >
          Copy link
        </CopyButton>
      </div>
    </div>
  )
}
