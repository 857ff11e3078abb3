import { useEffect } from 'react'
import type { FeatureModule } from '../kernel/feature'
import { useModalInstance } from './context'
import { useStore } from './useStore'

/**
 * A feature's controller for a page (e.g. `useModalFeature(siwx).signOut()`): undefined until the modal's
 * features have loaded, which this asks for.
 */
export function useModalFeature<C>(module: FeatureModule<C, never>): C | undefined {
  const modal = useModalInstance()
  const loaded = useStore(modal, () => modal.featureViews() !== undefined)
  useEffect(() => {
    void modal.loadFeatures()
  }, [modal])
  return loaded ? modal.feature(module) : undefined
}
