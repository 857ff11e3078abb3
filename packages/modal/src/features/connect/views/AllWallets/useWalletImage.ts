import { useEffect, useState } from 'react'
import { IMAGE_PRELOAD_TIMEOUT_MS } from '../../../../app/constants'

export type ImageStatus = 'loading' | 'loaded' | 'failed'

const loads = new Map<string, Promise<boolean>>()
const settled = new Map<string, boolean>()

/** Starts downloading an image once per URL; resolves whether it decoded. */
export function preloadImage(url: string): Promise<boolean> {
  let load = loads.get(url)
  if (!load) {
    load = new Promise<boolean>((resolve) => {
      const image = new Image()
      image.decoding = 'async'
      image.onload = () => resolve(true)
      image.onerror = () => resolve(false)
      image.src = url
    }).then((ok) => {
      settled.set(url, ok)
      return ok
    })
    loads.set(url, load)
  }
  return load
}

/**
 * An image's state for a tile: 'loading' at first, 'failed' when it errors or takes longer than the preload
 * time-out (docs/behaviour.md#all-wallets: 2 s), so the tile shows its fallback instead of an empty box; a late image still shows.
 */
export function useWalletImage(url: string | undefined): ImageStatus {
  const [status, setStatus] = useState<ImageStatus>(() => initialStatus(url))
  useEffect(() => {
    if (!url) return setStatus('failed')
    const known = settled.get(url)
    if (known !== undefined) return setStatus(known ? 'loaded' : 'failed')
    setStatus('loading')
    let live = true
    const timer = setTimeout(
      () => setStatus((now) => (now === 'loading' ? 'failed' : now)),
      IMAGE_PRELOAD_TIMEOUT_MS,
    )
    void preloadImage(url).then((ok) => {
      if (live) setStatus(ok ? 'loaded' : 'failed')
    })
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [url])
  return status
}

function initialStatus(url: string | undefined): ImageStatus {
  if (!url) return 'failed'
  const known = settled.get(url)
  return known === undefined ? 'loading' : known ? 'loaded' : 'failed'
}
