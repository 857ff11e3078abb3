import type { TokenBalance } from '@allaccess/protocol'
import { truncateAmount } from '../../../../kernel/formatBalance'
import { Spinner } from '../../../../ui/components/Spinner'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { AccountErrorText } from '../../errors'
import { formatUsd } from '../../format'
import { useAccountState } from '../useAccount'
import { tokensTabCss } from './tokensTab.css'

/** The sum of the values the cloud (or the wallet) priced. */
export const totalValue = (balances: readonly TokenBalance[]) =>
  balances.reduce((total, balance) => total + (balance.value ?? 0), 0)

/** Tokens (docs/behaviour.md#balances): each with its icon, name, amount and USD value, and their total. */
export function TokensTab() {
  useViewStyles(tokensTabCss)
  const balances = useAccountState((state) => state.tokenBalance)
  const status = useAccountState((state) => state.tokenBalanceStatus)
  if (!balances) return status === 'unavailable' ? <Unavailable /> : <Spinner label="Loading tokens" />
  return (
    <div className="stack">
      {status === 'unavailable' ? <Unavailable /> : null}
      {balances.length === 0 ? (
        status === 'unavailable' ? null : (
          <p className="muted account-empty">No tokens yet</p>
        )
      ) : (
        <>
          <p className="tokens-total">
            <span className="muted">Total</span> <span>{formatUsd(totalValue(balances))}</span>
          </p>
          <ul className="list" aria-label="Tokens">
            {balances.map((balance) => (
              <li key={balance.address ?? 'native'} className="token-row">
                {balance.iconUrl ? (
                  <img className="token-icon" src={balance.iconUrl} alt="" width={36} height={36} />
                ) : (
                  <span className="token-icon" aria-hidden="true" />
                )}
                <span className="token-name">
                  {balance.name}
                  <span className="muted token-amount">
                    {truncateAmount(balance.quantity.numeric)} {balance.symbol}
                  </span>
                </span>
                <span className="token-value">
                  {balance.value === undefined ? '—' : formatUsd(balance.value)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

function Unavailable() {
  return (
    <p className="muted account-empty" role="status">
      {AccountErrorText.tokenBalanceUnavailable}
    </p>
  )
}
