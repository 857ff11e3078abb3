import { useEffect, useState } from 'react'
import { DEFAULT_BALANCE, DEFAULT_BALANCE_SYMBOL } from '../../../core/constants'
import { formatAddress } from '../../../core/formatAddress'
import { formatBalance } from '../../../core/formatBalance'
import { ClipboardErrorText } from '../../../kernel/errors'
import { Avatar } from '../../components/Avatar'
import { CopyButton } from '../../components/CopyButton'
import { useModal, useModalAccount } from '../../hooks'
import { useViewStyles } from '../../viewStyles'
import { accountCss } from './account.css'

type BalanceText = { status: 'loading' } | { status: 'done'; text: string }

export function AccountView() {
  useViewStyles(accountCss)
  const modal = useModal()
  const { address, network } = useModalAccount()
  const [balance, setBalance] = useState<BalanceText>({ status: 'loading' })

  useEffect(() => {
    if (!address || !network) return
    let live = true
    setBalance({ status: 'loading' })
    modal
      .getBalance(address, network)
      .then(({ value, decimals, symbol }) => `${formatBalance(value, decimals)} ${symbol}`)
      // docs/behaviour.md#balance: a failed balance lookup is logged and shows the default balance.
      .catch((error: unknown) => {
        console.warn('Balance lookup failed', error)
        return `${DEFAULT_BALANCE} ${DEFAULT_BALANCE_SYMBOL}`
      })
      .then((text) => live && setBalance({ status: 'done', text }))
    return () => {
      live = false
    }
  }, [modal, address, network])

  if (!address) return null

  return (
    <div className="stack center account">
      <Avatar address={address} />
      <div className="account-address">
        <span title={address}>{formatAddress(address)}</span>
        <CopyButton
          text={address}
          copied="Address copied"
          failed={ClipboardErrorText.copyFailed}
          className="header-button"
          label="Copy address"
        >
          <svg viewBox="0 0 16 16" aria-hidden="true" width="14" height="14">
            <rect
              x="5"
              y="5"
              width="8"
              height="8"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            />
            <path d="M3 10V4a1 1 0 0 1 1-1h6" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </CopyButton>
      </div>
      <p className="account-balance">
        <span className="sr-only">Balance: </span>
        {balance.status === 'done' ? balance.text : <span aria-busy="true">…</span>}
      </p>
      <p className="muted">
        <span className="sr-only">Network: </span>
        {network?.name}
      </p>
      <button type="button" className="secondary-button" onClick={() => void modal.disconnect()}>
        Disconnect
      </button>
    </div>
  )
}
