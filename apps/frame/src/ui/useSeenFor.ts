import { type RefObject, useEffect, useState } from 'react'

/**
 * True once the element has been on screen, unobscured, for `ms` without a break. Chromium's IntersectionObserver
 * v2 (`trackVisibility`) reports whether anything covers, fades or transforms the frame — a host page laying a
 * decoy over it breaks the run; elsewhere the frame only waits `ms` after it is shown.
 */
export function useSeenFor(ref: RefObject<HTMLElement | null>, ms: number): boolean {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const visibleNow = (visible: boolean) => {
      clearTimeout(timer)
      setSeen(false)
      if (visible) timer = setTimeout(() => setSeen(true), ms)
    }
    if (!('IntersectionObserver' in window)) {
      visibleNow(true)
      return () => clearTimeout(timer)
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const tracked = entry as IntersectionObserverEntry & { isVisible?: boolean }
          visibleNow(tracked.isVisible ?? entry.isIntersecting)
        }
      },
      // trackVisibility needs a delay of at least 100 ms; browsers without v2 skip both and report isIntersecting.
      { threshold: [0], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      clearTimeout(timer)
    }
  }, [ref, ms])
  return seen
}
