import { useCallback, useSyncExternalStore } from 'react'
import type { AccountSnapshot, ModalState, OpenOptions } from '../core/createModal'
import { useModalInstance } from './context'

/** Open/close and the modal's state, for custom buttons and pages. */
export function useModal(): {
  open: (options?: OpenOptions) => void
  close: () => void
  state: ModalState
} {
  const modal = useModalInstance()
  const state = useSyncExternalStore(modal.subscribe, modal.getState, modal.getState)
  const open = useCallback((options?: OpenOptions) => modal.open(options), [modal])
  const close = useCallback(() => void modal.close(), [modal])
  return { open, close, state }
}

/** The connected account as the modal sees it; stable between changes so React re-renders only on change. */
export function useModalAccount(): AccountSnapshot {
  const modal = useModalInstance()
  return useSyncExternalStore(modal.subscribeAccount, modal.getAccount, modal.getAccount)
}
