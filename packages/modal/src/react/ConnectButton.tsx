import type { ReactNode } from 'react'
import type { AccountProfile, AccountSnapshot, OpenOptions } from '../app/modal'
import { formatAddress } from '../kernel/formatAddress'
import { useModal, useModalAccount, useModalAccountProfile } from './useModal'

export type ConnectButtonRenderProps = {
  account: AccountSnapshot
  /** A connection is being made or restored: show the account if known, never "Connect". */
  pending: boolean
  open: (options?: OpenOptions) => void
  label: string
  /** The connected account's name and avatar from the cloud, when it has them. */
  profile: AccountProfile
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
  const profile = useModalAccountProfile()
  const { name, avatar } = profile
  const pending = account.status === 'connecting' || account.status === 'reconnecting'
  const text = account.address ? (name ?? formatAddress(account.address)) : pending ? 'Connecting…' : label
  if (children) return <>{children({ account, pending, open, label: text, profile })}</>
  return (
    <button
      type="button"
      className={className ?? 'aap-connect-button'}
      aria-haspopup="dialog"
      aria-busy={pending || undefined}
      data-status={account.status}
      onClick={() => open()}
    >
      {account.address && avatar ? <img className="aap-connect-avatar" src={avatar} alt="" /> : null}
      {/* Its own element: a page can keep a long name to one line (an ellipsis; the name stays whole to AT). */}
      <span className="aap-connect-label">{text}</span>
    </button>
  )
}
