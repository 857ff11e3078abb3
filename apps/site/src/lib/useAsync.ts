import { useCallback, useEffect, useRef, useState } from 'react'

export type AsyncState<T> = {
  data: T | undefined
  error: unknown
  loading: boolean
  refetch: () => Promise<void>
}

/**
 * Loads `load()` whenever `key` changes (null = idle) and keeps the last good value while reloading.
 * A dozen lines instead of a query library: the page's first load stays small (see the README's size budget).
 */
export function useAsync<T>(key: string | null, load: () => Promise<T>): AsyncState<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: key !== null,
  })
  const loadRef = useRef(load)
  loadRef.current = load
  const generation = useRef(0)

  const run = useCallback(async () => {
    const mine = ++generation.current
    setState((previous) => ({ ...previous, loading: true }))
    try {
      const data = await loadRef.current()
      if (mine === generation.current) setState({ data, error: undefined, loading: false })
    } catch (error) {
      if (mine === generation.current) setState((previous) => ({ ...previous, error, loading: false }))
    }
  }, [])

  useEffect(() => {
    if (key === null) {
      generation.current++
      setState({ data: undefined, error: undefined, loading: false })
      return
    }
    void run()
  }, [key, run])

  return { ...state, refetch: run }
}
