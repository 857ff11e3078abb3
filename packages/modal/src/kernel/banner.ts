import { BANNER_REPLACEMENT_DELAY_MS } from './constants'
import { createStore, type Store } from './store'

export const BANNER_VARIANTS = ['loading', 'success', 'error', 'info'] as const
export type BannerVariant = (typeof BANNER_VARIANTS)[number]

export type Banner = { id: number; variant: BannerVariant; message: string; description?: string }

export type BannerState = { banner: Banner | null }

/**
 * The notification banner of docs/behaviour.md#banner: one at a time; showing a new one while one is open closes the old one,
 * then shows the new one after 150 ms (so the change is seen, not swallowed).
 */
export type BannerController = Store<BannerState> & {
  show(banner: Omit<Banner, 'id'>): void
  hide(): void
}

export function createBanner(): BannerController {
  const store = createStore<BannerState>({ banner: null })
  let nextId = 1
  let pending: ReturnType<typeof setTimeout> | undefined

  return {
    ...store,
    show(banner) {
      clearTimeout(pending)
      const next = { ...banner, id: nextId++ }
      if (!store.getState().banner) {
        store.setState({ banner: next })
        return
      }
      store.setState({ banner: null })
      pending = setTimeout(() => store.setState({ banner: next }), BANNER_REPLACEMENT_DELAY_MS)
    },
    hide() {
      clearTimeout(pending)
      store.setState({ banner: null })
    },
  }
}
