import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'

/** Approve works only after the whole approval has been on screen, unobscured, this long without a break. */
export const APPROVE_ENABLE_DELAY_MS = 500
/** Without IntersectionObserver v2 the frame can't see an overlay or a transform: it waits longer, then asks twice. */
export const APPROVE_FALLBACK_DELAY_MS = 1500
/** The share of the approval that must be inside the page's viewport and every clip on the way: all of it, less rounding. */
export const APPROVE_VISIBLE_RATIO = 0.99

/** Why the gate is shut, in words the screen shows. */
export const GATE_TEXTS = {
  tooSmall: 'This window is too small to show the whole request. Make it larger to approve.',
  confirm:
    'This browser cannot tell if the page covers the wallet. Check the request once more, then confirm.',
} as const

export type ApprovalGate = {
  /** Approve may be pressed now. */
  open: boolean
  /** Why not, when the user can read it (a covered frame says nothing: its words would be covered too). */
  reason?: 'tooSmall'
  /** Where the browser can't report visibility, the user confirms a second time. */
  needsConfirmation: boolean
  /** Checked again as the press starts and as it ends: false when the approval is not (or no longer) fully seen. */
  check(): boolean
  /** Shuts the gate for another full wait (before a second confirmation). */
  restart(): void
}

type Entry = IntersectionObserverEntry & { isVisible?: boolean }

/** Chromium's IntersectionObserver v2 (`trackVisibility`): it reports an overlay, opacity, a filter or a transform. */
const tracksVisibility = () =>
  typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype

/** The approval needs no more room than the frame's viewport gives it: no scrolling, nothing cut off. */
const fitsViewport = (element: HTMLElement) =>
  element.scrollHeight <= window.innerHeight &&
  document.documentElement.scrollWidth <= window.innerWidth &&
  element.getBoundingClientRect().bottom <= window.innerHeight

/**
 * The gate in front of every Approve (and the key export's buttons): open once the whole element has been inside the
 * page's viewport (every frame and clip of the host's on the way: a crop, an offset or a frame shrunk to the button
 * shuts it) and, with IntersectionObserver v2, unobscured, untransformed and opaque, for `APPROVE_ENABLE_DELAY_MS`
 * without a break, and while the frame's viewport holds it whole.
 */
export function useApprovalGate(ref: RefObject<HTMLElement | null>): ApprovalGate {
  const [state, setState] = useState<{ open: boolean; reason?: ApprovalGate['reason'] }>({ open: false })
  const v2 = tracksVisibility()
  /** What the latest observation said, read synchronously by `check`. */
  const live = useRef({ whole: false, since: 0 })
  const observerRef = useRef<IntersectionObserver>(undefined)
  const updateRef = useRef<() => void>(undefined)

  const take = useCallback(
    (entry: Entry) => {
      const whole =
        entry.intersectionRatio >= APPROVE_VISIBLE_RATIO &&
        (v2 ? entry.isVisible === true : entry.isIntersecting)
      if (whole !== live.current.whole) live.current = { whole, since: performance.now() }
    },
    [v2],
  )

  const check = useCallback(() => {
    const element = ref.current
    if (!element) return false
    for (const entry of observerRef.current?.takeRecords() ?? []) take(entry as Entry)
    const delay = v2 ? APPROVE_ENABLE_DELAY_MS : APPROVE_FALLBACK_DELAY_MS
    return (
      document.visibilityState === 'visible' &&
      fitsViewport(element) &&
      live.current.whole &&
      performance.now() - live.current.since >= delay
    )
  }, [ref, take, v2])

  useEffect(() => {
    const element = ref.current
    if (!element) return
    const delay = v2 ? APPROVE_ENABLE_DELAY_MS : APPROVE_FALLBACK_DELAY_MS
    let timer: ReturnType<typeof setTimeout> | undefined
    const update = () => {
      clearTimeout(timer)
      const fits = fitsViewport(element)
      const open = check()
      setState({
        open,
        reason: fits ? undefined : 'tooSmall',
      })
      // Seen whole but not yet for long enough: look again when the time is up.
      if (!open && fits && live.current.whole)
        timer = setTimeout(update, delay - (performance.now() - live.current.since) + 1)
    }
    updateRef.current = update
    live.current = { whole: false, since: performance.now() }
    let observer: IntersectionObserver | undefined
    if (typeof IntersectionObserver === 'undefined') live.current = { whole: true, since: performance.now() }
    else {
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) take(entry as Entry)
          update()
        },
        // Both thresholds: a ratio falling from whole to nearly whole, and on to cropped, each report. trackVisibility
        // needs a delay of at least 100 ms; browsers without v2 ignore both.
        {
          threshold: [APPROVE_VISIBLE_RATIO, 1],
          trackVisibility: true,
          delay: 100,
        } as IntersectionObserverInit,
      )
      observer.observe(element)
      observerRef.current = observer
    }
    const resized = new ResizeObserver(update)
    resized.observe(element)
    window.addEventListener('resize', update)
    document.addEventListener('visibilitychange', update)
    update()
    return () => {
      observer?.disconnect()
      observerRef.current = undefined
      updateRef.current = undefined
      resized.disconnect()
      window.removeEventListener('resize', update)
      document.removeEventListener('visibilitychange', update)
      clearTimeout(timer)
    }
  }, [ref, take, check, v2])

  const restart = useCallback(() => {
    live.current = { ...live.current, since: performance.now() }
    updateRef.current?.()
  }, [])

  return { ...state, needsConfirmation: !v2, check, restart }
}

/**
 * A gated button's handlers (`act` left out: the button's own default, a form's submit): the press counts only when the gate was open as the pointer went down and still is at
 * the click (a page that crops or covers the frame between the two gets nothing); a keyboard press is checked at
 * the click.
 */
export function useGatedPress(gate: ApprovalGate, act: () => void = () => {}) {
  const pressedOpen = useRef(false)
  return {
    disabled: !gate.open,
    onPointerDown: () => {
      pressedOpen.current = gate.check()
    },
    onClick: (event: { detail: number; preventDefault(): void }) => {
      const fromPointer = event.detail > 0
      const allowed = (!fromPointer || pressedOpen.current) && gate.check()
      pressedOpen.current = false
      // A refused press does nothing, not even a submit button's submit.
      if (allowed) act()
      else event.preventDefault()
    },
  }
}
