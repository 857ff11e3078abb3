import type { ButtonHTMLAttributes } from 'react'

type BusyButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'onClick'> & {
  /** Its step is running (or can't run yet): the button says so and ignores clicks. */
  busy: boolean
  onClick(): void
}

/**
 * A button whose step opens the wallet frame's screen (an approval, the key export): while busy it is
 * aria-disabled, not disabled. A disabled button drops its focus to the page's body, so when the frame's screen
 * closes the browser has nothing to hand focus back to, and the next key (Escape) reaches neither the modal nor
 * its view.
 */
export function BusyButton({ busy, onClick, type = 'button', ...props }: BusyButtonProps) {
  return (
    <button
      {...props}
      type={type}
      aria-disabled={busy}
      onClick={() => {
        if (!busy) onClick()
      }}
    />
  )
}
