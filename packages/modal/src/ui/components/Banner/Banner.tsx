import { type ReactNode, useEffect, useState } from 'react'
import { BANNER_AUTO_HIDE_MS, BANNER_ERROR_HIDE_MS } from '../../../app/constants'
import type { Banner as BannerData, BannerVariant } from '../../../kernel/banner'
import { useStore } from '../../../react/useStore'
import { useModal } from '../../shell/hooks'
import { CloseIcon } from '../Header/Header'

/** How long a banner of each variant shows (undefined: until replaced, as a loading banner is). */
export const BANNER_SHOWN_MS: Readonly<Record<BannerVariant, number | undefined>> = {
  success: BANNER_AUTO_HIDE_MS,
  info: BANNER_AUTO_HIDE_MS,
  error: BANNER_ERROR_HIDE_MS,
  loading: undefined,
}

/**
 * The modal's notification banner (docs/behaviour.md#banner), read from `modal.banner`. The polite region stays mounted so
 * screen readers announce what appears in it; an alert is announced as it is inserted, so it comes and goes.
 */
export function Banner() {
  const modal = useModal()
  const banner = useStore(modal.banner, (state) => state.banner)
  // Time to read it: a banner waits while the pointer or focus is on it.
  const [held, setHeld] = useState(false)
  // A banner dismissed under the pointer or focus leaves no pointerleave or blur behind: a new one starts unheld.
  const bannerId = banner?.id
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset exactly when another banner shows
  useEffect(() => setHeld(false), [bannerId])

  useEffect(() => {
    const shownMs = banner ? BANNER_SHOWN_MS[banner.variant] : undefined
    if (held || shownMs === undefined) return
    const timer = setTimeout(modal.banner.hide, shownMs)
    return () => clearTimeout(timer)
  }, [modal, banner, held])

  const body = banner ? (
    <div className="banner" data-variant={banner.variant}>
      <BannerBody banner={banner} onClose={modal.banner.hide} />
    </div>
  ) : null
  const hold = {
    onPointerEnter: () => setHeld(true),
    onPointerLeave: () => setHeld(false),
    onFocus: () => setHeld(true),
    onBlur: () => setHeld(false),
  }
  return (
    <div className="banner-slot">
      <div role="status" {...hold}>
        {banner?.variant !== 'error' ? body : null}
      </div>
      {banner?.variant === 'error' ? (
        <div role="alert" {...hold}>
          {body}
        </div>
      ) : null}
    </div>
  )
}

function BannerBody({ banner, onClose }: { banner: BannerData; onClose: () => void }) {
  return (
    <>
      <span className="banner-icon" aria-hidden="true">
        {ICONS[banner.variant]}
      </span>
      <p className="banner-text">
        <span className="banner-message">{banner.message}</span>
        {banner.description ? <span className="banner-description">{banner.description}</span> : null}
      </p>
      <button type="button" className="header-button" aria-label="Dismiss notification" onClick={onClose}>
        <CloseIcon />
      </button>
    </>
  )
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' } as const

const ICONS: Record<BannerVariant, ReactNode> = {
  loading: <span className="spinner" />,
  success: (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <circle cx="10" cy="10" r="8" {...stroke} />
      <path d="m6.5 10.5 2.5 2.5 4.5-5" {...stroke} />
    </svg>
  ),
  error: (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <circle cx="10" cy="10" r="8" {...stroke} />
      <path d="M10 6v5M10 14h.01" {...stroke} />
    </svg>
  ),
  info: (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <circle cx="10" cy="10" r="8" {...stroke} />
      <path d="M10 9v5M10 6h.01" {...stroke} />
    </svg>
  ),
}
