import { useMemo } from 'react'
import { Spinner } from '../../../../ui/components/Spinner'
import { useModalAccount } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { AccountErrorText } from '../../errors'
import { describeActivity, groupByDay } from '../../format'
import { useAccount, useAccountState } from '../useAccount'
import { useLoadMore } from '../useLoadMore'
import { activityTabCss } from './activityTab.css'

const STATUS_TEXT = { confirmed: 'Confirmed', failed: 'Failed', pending: 'Pending' } as const

/**
 * Activity (docs/behaviour.md#activity): the account's transactions grouped by day, each with its direction,
 * amount (an NFT by name, with its picture), counterparty, status, time and explorer link; the next page loads as the list scrolls; spam is hidden.
 */
export function ActivityTab() {
  useViewStyles(activityTabCss)
  const account = useAccount()
  const { network } = useModalAccount()
  const activity = useAccountState((state) => state.activity)
  const labels = useAccountState((state) => state.addressLabels)
  const historyKept = useAccountState((state) => state.historyKept)
  const groups = useMemo(
    () =>
      groupByDay(
        activity.items.map((item) => describeActivity(item, labels)),
        new Date(),
      ),
    [activity.items, labels],
  )
  const sentinel = useLoadMore(
    account.loadMoreActivity,
    activity.status === 'ready' && activity.next !== null,
  )
  if (!historyKept)
    return (
      <div className="stack center account-empty">
        <p className="muted">{AccountErrorText.activityEvmOnly}</p>
      </div>
    )
  if (activity.status === 'idle' || activity.status === 'loading') return <Spinner label="Loading activity" />
  if (activity.status === 'failed')
    return (
      <div className="stack center account-empty">
        <p className="muted">{AccountErrorText.activityUnavailable}</p>
        <button type="button" className="secondary-button" onClick={() => void account.setTab('activity')}>
          Try again
        </button>
      </div>
    )
  if (groups.length === 0) return <p className="muted account-empty">No activity yet</p>
  const explorer = network?.blockExplorerUrl?.replace(/\/+$/, '')
  return (
    <div className="stack activity">
      {groups.map((group) => (
        <section key={group.label} aria-label={group.label}>
          <h3 className="activity-day muted">{group.label}</h3>
          <ul className="list">
            {group.lines.map((line) => (
              <li key={line.id} className="activity-row">
                {line.imageUrl ? (
                  <img className="activity-icon" src={line.imageUrl} alt="" width={32} height={32} />
                ) : (
                  <span className={`activity-icon activity-${line.preposition}`} aria-hidden="true">
                    {line.preposition === 'to' ? '↑' : '↓'}
                  </span>
                )}
                <span className="activity-text">
                  <span className="activity-title">
                    {line.title} {line.amount ?? ''}
                  </span>
                  <span className="muted activity-detail">
                    {line.counterparty ? `${line.preposition} ${line.counterparty} · ` : ''}
                    <span className={line.status === 'failed' ? 'error' : undefined}>
                      {STATUS_TEXT[line.status]}
                    </span>
                    {' · '}
                    <time dateTime={line.minedAt.toISOString()}>{line.time}</time>
                  </span>
                </span>
                {explorer ? (
                  <a
                    className="activity-link"
                    href={`${explorer}/tx/${line.hash}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${line.title} ${line.amount ?? ''} on the block explorer (opens in a new tab)`}
                  >
                    ↗
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div ref={sentinel} aria-hidden="true" />
      {activity.loadingMore ? <Spinner label="Loading more activity" /> : null}
    </div>
  )
}
