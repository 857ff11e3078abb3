import type { Modal } from '../app/modal'
import type { FeatureModule } from '../kernel/feature'

/** What a headless UI reads: a snapshot, the same object until something it shows changes, and its changes. */
export type Readable<T> = { getState(): T; subscribe(listener: () => void): () => void }

type Subscribable = { subscribe(listener: () => void): () => void }

/**
 * A snapshot derived from the modal and, once the modal's features have loaded, from stores of one of them:
 * `compute` runs again only when one of `inputs` is another object, so the snapshot stays the same object
 * between changes (as React's useSyncExternalStore needs). The feature's stores are followed from when it loads.
 */
export function deriveFromFeature<C, T>(
  modal: Modal,
  module: FeatureModule<C, never>,
  parts: {
    stores: (controller: C) => readonly Subscribable[]
    inputs: (controller: C | undefined) => readonly unknown[]
    compute: (controller: C | undefined) => T
  },
): Readable<T> {
  const controller = () => (modal.featureViews() ? loadedFeature(modal, module) : undefined)
  let last: { inputs: readonly unknown[]; state: T } | undefined
  return {
    getState() {
      const current = controller()
      const inputs = parts.inputs(current)
      if (
        last &&
        inputs.length === last.inputs.length &&
        inputs.every((input, i) => input === last?.inputs[i])
      )
        return last.state
      last = { inputs, state: parts.compute(current) }
      return last.state
    },
    subscribe(listener) {
      let releaseFeature: (() => void)[] | undefined
      const follow = () => {
        const current = controller()
        if (!releaseFeature && current) {
          releaseFeature = parts.stores(current).map((store) => store.subscribe(() => listener()))
        }
      }
      const releaseModal = modal.subscribe(() => {
        follow()
        listener()
      })
      const releaseAccount = modal.subscribeAccount(listener)
      follow()
      return () => {
        releaseModal()
        releaseAccount()
        for (const release of releaseFeature ?? []) release()
      }
    },
  }
}

/** A loaded feature's controller, or undefined when the site did not add that feature to the modal's `modules`. */
export function loadedFeature<C>(modal: Modal, module: FeatureModule<C, never>): C | undefined {
  try {
    return modal.feature(module)
  } catch {
    return undefined
  }
}
