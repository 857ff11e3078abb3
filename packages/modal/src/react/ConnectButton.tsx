import type { ReactNode } from 'react'
import { formatAddress } from '../core/formatAddress'
import type { AccountSnapshot, OpenOptions } from '../core/modal'
import { useModal, useModalAccount, useModalAccountName } from './useModal'

export type ConnectButtonRenderProps = {
  account: AccountSnapshot
  /** A connection is being made or restored: show the account if known, never "Connect". */
  pending: boolean
  open: (options?: OpenOptions) => void
  label: string
}

export type ConnectButtonProps = {
  /** Escape hatch: render your own button from the same state. */
  children?: (props: ConnectButtonRenderProps) => ReactNode
  label?: string
  className?: string
}

export function ConnectButton({ children, label = 'Connect Wallet', className }: ConnectButtonProps) {
  const { open } = useModal()
  const account = useModalAccount()
  const name = useModalAccountName()
  const pending = account.status === 'connecting' || account.status === 'reconnecting'
  const text = account.address ? (name ?? formatAddress(account.address)) : pending ? 'Connecting…' : label
  if (children) return <>{children({ account, pending, open, label: text })}</>
  return (
    <button
      type="button"
      className={className ?? 'aap-connect-button'}
      aria-haspopup="dialog"
      aria-busy={pending || undefined}
      data-status={account.status}
      onClick={() => open()}
    >
      {text}
    </button>
  )
}
