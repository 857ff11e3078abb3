import { useEffect, useState } from 'react'

/** Whole seconds until `at` (epoch ms; 0 once past, or without one), ticking each second while any are left. */
export function useSecondsLeft(at: number | undefined): number {
  const left = () => (at === undefined ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000)))
  const [seconds, setSeconds] = useState(left)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `at`, the one dependency.
  useEffect(() => {
    setSeconds(left())
    if (at === undefined) return
    const timer = setInterval(() => {
      const now = left()
      setSeconds(now)
      if (now === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [at])
  return seconds
}
