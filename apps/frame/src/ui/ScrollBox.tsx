import { type ReactNode, type UIEvent, useEffect, useRef, useState } from 'react'

/** What the approval says while a long message's box has not been read to its end. */
export const READ_TO_END_TEXT = 'Scroll to the end of the message to approve.'
/** The same for a batch of calls. */
export const READ_CALLS_TO_END_TEXT = 'Scroll to the end of the calls to approve.'

/** Within this many pixels of its end a box counts as read (scroll positions are fractional). */
const END_SLACK_PX = 2

/** Shown (a box the frame lays out while hidden has no height) and scrolled to its end. */
const readToEnd = (box: HTMLElement) =>
  box.clientHeight > 0 && box.scrollTop + box.clientHeight >= box.scrollHeight - END_SLACK_PX

/**
 * A message's box: a long one scrolls inside the approval (the approval itself never scrolls), and `onRead` hears
 * once all of it has been on screen — Approve waits for that, so nothing that is signed stays unseen below the box's
 * fold. A message that fits is read as soon as it shows. It takes the focus, so the keyboard scrolls it too.
 */
export function ScrollBox({
  label,
  hint = READ_TO_END_TEXT,
  onRead,
  children,
}: {
  label: string
  /** What the approval says while the box is not read to its end. */
  hint?: string
  onRead(): void
  children: ReactNode
}) {
  const ref = useRef<HTMLElement>(null)
  const read = useRef(false)
  /** Shown, longer than the box and not yet scrolled to its end: the hint says why Approve waits. */
  const [unread, setUnread] = useState(false)
  const check = (box: HTMLElement) => {
    if (read.current) return
    if (!readToEnd(box)) return setUnread(box.clientHeight > 0)
    read.current = true
    setUnread(false)
    onRead()
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: observed once, from when the message mounts.
  useEffect(() => {
    const box = ref.current
    if (!box) return
    // The frame may lay the approval out before it is shown: the box is measured again whenever its size changes.
    const observer = new ResizeObserver(() => check(box))
    observer.observe(box)
    return () => observer.disconnect()
  }, [])
  return (
    <>
      <section
        ref={ref}
        className="message"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the focus so the keyboard scrolls it.
        tabIndex={0}
        onScroll={(event: UIEvent<HTMLElement>) => check(event.currentTarget)}
      >
        {children}
      </section>
      {unread && <p role="status">{hint}</p>}
    </>
  )
}
