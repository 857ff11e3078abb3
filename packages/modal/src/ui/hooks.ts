import { useSyncExternalStore } from 'react'
import type { ModalState } from '../core/createModal'
import { useModalInstance } from '../react/context'
import { useModalAccount } from '../react/useModal'

export { useModalAccount, useModalInstance as useModal }

export function useModalState(): ModalState {
  const modal = useModalInstance()
  return useSyncExternalStore(modal.subscribe, modal.getState, modal.getState)
}
