import type { ModalState } from '../../app/modal'
import type { FeatureModule } from '../../kernel/feature'
import { useModalInstance } from '../../react/context'
import { useModalAccount } from '../../react/useModal'
import { useStore } from '../../react/useStore'

export { useModalAccount, useModalInstance as useModal }

/** The modal's state, or the slice `selector` picks (re-rendering only when it changes). */
export function useModalState(): ModalState
export function useModalState<S>(selector: (state: ModalState) => S): S
export function useModalState<S>(selector?: (state: ModalState) => S): ModalState | S {
  const modal = useModalInstance()
  return useStore<ModalState, ModalState | S>(modal, selector ?? ((state) => state))
}

/** A loaded feature's controller (the UI renders once the modal's features are loaded). */
export function useFeature<C>(module: FeatureModule<C, never>): C {
  return useModalInstance().feature(module)
}

/** Every adapter's connectors, re-rendering when they change. */
export function useConnectors() {
  const modal = useModalInstance()
  return useStore({ getState: modal.getConnectors, subscribe: modal.subscribeAccount })
}
