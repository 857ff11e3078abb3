import { ClipboardErrorText } from '../../../kernel/errors'
import { formatAddress } from '../../../kernel/formatAddress'
import { useViewStyles } from '../../shell/viewStyles'
import { CopyButton } from '../CopyButton'
import { CopyIcon } from '../CopyIcon'

/**
 * A transaction's hash as a view shows it: shortened (an unbroken 66-character hash would widen the dialog),
 * the whole of it one press away (Copy), and the explorer's page when the network has an explorer.
 */
export function TransactionHash({ hash, explorerUrl }: { hash: string; explorerUrl?: string | undefined }) {
  useViewStyles(transactionHashCss)
  const explorer = explorerUrl?.replace(/\/+$/, '')
  return (
    <p className="transaction-hash">
      <span>
        Transaction <code title={hash}>{formatAddress(hash)}</code>
      </span>
      <CopyButton
        text={hash}
        copied="Transaction hash copied"
        failed={ClipboardErrorText.copyHashFailed}
        className="header-button"
        label="Copy transaction hash"
      >
        <CopyIcon />
      </CopyButton>
      {explorer ? (
        <a href={`${explorer}/tx/${hash}`} target="_blank" rel="noopener noreferrer">
          View on explorer<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
    </p>
  )
}

/** One line that wraps between its parts, never inside the hash. */
const transactionHashCss = /* css */ `
.transaction-hash { display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 6px 10px; margin: 0; }
.transaction-hash code { font-family: ui-monospace, monospace; font-size: 13px; white-space: nowrap; }
.transaction-hash .header-button { width: 28px; height: 28px; }
.transaction-hash a { color: inherit; }
`
