import { formatBalance } from '../../../../kernel/formatBalance'
import { Spinner } from '../../../../ui/components/Spinner'
import { TransactionHash } from '../../../../ui/components/TransactionHash/TransactionHash'
import { useModal, useModalAccount } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { AccountErrorText } from '../../errors'
import { sendCss } from '../SendView/send.css'
import { useAccount, useSendState } from '../useAccount'

const REPLACEMENT_TEXT = {
  repriced: 'The wallet sent it again at another fee.',
  replaced: 'The wallet replaced it with another transaction.',
  cancelled: 'The wallet cancelled it.',
} as const

/**
 * Send's preview and what follows (docs/behaviour.md#send): the transfer and its estimated network fee, the
 * wallet's confirmation, pending with the hash, then done (or why not).
 */
export function SendPreviewView() {
  useViewStyles(sendCss)
  const modal = useModal()
  const { send } = useAccount()
  const { network } = useModalAccount()
  const state = useSendState((current) => current)
  const { token, amount, receiver, fee, step, error, hash, replacement, resolved } = state
  const native = network?.nativeCurrency
  const feeText =
    fee === 'estimating' || fee === undefined
      ? 'Estimating…'
      : fee === 'failed'
        ? null
        : `${formatBalance(fee.value, native?.decimals ?? 18, 6)} ${native?.symbol ?? ''}`
  const hashLine = hash ? <TransactionHash hash={hash} explorerUrl={network?.blockExplorerUrl} /> : null

  if (step === 'confirming')
    return (
      <div className="stack center send">
        <Spinner label="Waiting for the wallet" />
        <p>Approve in wallet</p>
      </div>
    )
  if (step === 'pending')
    return (
      <div className="stack center send">
        <Spinner label="Transaction pending" />
        <p role="status">Transaction pending</p>
        {hashLine}
        {error ? <p className="muted">{error}: it may still be mined.</p> : null}
      </div>
    )
  if (step === 'done' || step === 'failed')
    return (
      <div className="stack center send">
        <p role="status" className={step === 'failed' ? 'error' : undefined}>
          {step === 'done' ? `Sent ${amount} ${token?.symbol ?? ''}` : error}
        </p>
        {replacement ? <p className="muted">{REPLACEMENT_TEXT[replacement]}</p> : null}
        {hashLine}
        <button type="button" className="primary-button" onClick={() => modal.home()}>
          Back to account
        </button>
      </div>
    )
  return (
    <div className="stack send">
      <dl className="send-summary">
        <dt>Send</dt>
        <dd>
          {amount} {token?.symbol}
        </dd>
        <dt>To</dt>
        <dd>
          {resolved ? (
            <>
              {resolved.name} <span className="muted">({resolved.address})</span>
            </>
          ) : (
            receiver
          )}
        </dd>
        <dt>Network</dt>
        <dd>{network?.name}</dd>
        <dt>Estimated network fee</dt>
        <dd>{feeText}</dd>
      </dl>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="send-actions">
        <button
          type="button"
          className="secondary-button"
          onClick={() => {
            send.edit()
            modal.back()
          }}
        >
          Edit
        </button>
        <button
          type="button"
          className="primary-button"
          disabled={typeof fee !== 'object' || error === AccountErrorText.notEnoughFunds}
          onClick={() => void send.confirm()}
        >
          Send
        </button>
      </div>
    </div>
  )
}
