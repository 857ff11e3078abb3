import type { ReactNode } from 'react'
import { headerCss } from './header.css'

export { headerCss }

export type HeaderProps = {
  titleId: string
  title: ReactNode
  /** A new key replays the title's fade: the view's, when `title` is no string. */
  titleKey?: string
  onBack?: () => void
  onClose: () => void
}

export function Header({ titleId, title, titleKey, onBack, onClose }: HeaderProps) {
  return (
    // A div, not <header>: inside the dialog a header would be a second page-level banner landmark.
    <div className="header">
      {onBack ? (
        <button type="button" className="header-button" aria-label="Back" onClick={onBack}>
          <svg viewBox="0 0 16 16" aria-hidden="true" width="16" height="16">
            <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ) : (
        <span className="header-spacer" />
      )}
      <h2 id={titleId} className="header-title" key={titleKey ?? String(title)}>
        {title}
      </h2>
      <button type="button" className="header-button" aria-label="Close" onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  )
}

/** The cross of every close button (the dialog's and the banner's). */
export function CloseIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" width="16" height="16">
      <path d="m4 4 8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
