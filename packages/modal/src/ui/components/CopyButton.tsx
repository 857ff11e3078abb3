import type { ReactNode } from 'react'
import { useModal } from '../shell/hooks'

export type CopyButtonProps = {
  /** What goes to the clipboard; nothing to copy disables the button. */
  text: string | null | undefined
  /** The banner once copied, and the banner when the browser refuses the clipboard. */
  copied: string
  failed: string
  className: string
  label?: string
  disabled?: boolean
  children: ReactNode
}

/** Copies `text` and says so in the modal's banner (docs/behaviour.md#banner). */
export function CopyButton({ text, copied, failed, className, label, disabled, children }: CopyButtonProps) {
  const modal = useModal()
  const copy = (value: string) =>
    navigator.clipboard.writeText(value).then(
      () => modal.banner.show({ variant: 'success', message: copied }),
      () => modal.banner.show({ variant: 'error', message: failed }),
    )
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      disabled={disabled || !text}
      onClick={() => text && void copy(text)}
    >
      {children}
    </button>
  )
}
