import { useEffect, useState } from 'react'

/** Whole seconds until `at` (epoch ms; 0 once past, or without one), ticking each second. */
export function useSecondsUntil(at: number | undefined): number {
  const left = () => (at === undefined ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000)))
  const [seconds, setSeconds] = useState(left)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `at`, the one dependency.
  useEffect(() => {
    setSeconds(left())
    const timer = setInterval(() => setSeconds(left()), 1000)
    return () => clearInterval(timer)
  }, [at])
  return seconds
}
