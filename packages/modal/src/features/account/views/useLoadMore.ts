import { useEffect, useRef } from 'react'

/**
 * Calls `loadMore` when the returned element (placed after a list's last item) scrolls into view: the next
 * page of a list read by cursor loads as the visitor scrolls.
 */
export function useLoadMore(loadMore: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = sentinel.current
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [loadMore, enabled])
  return sentinel
}
