import { useCallback } from 'react'
import type { AccountProfile, AccountSnapshot, ConnectionsState, ModalState, OpenOptions } from '../app/modal'
import { useModalInstance } from './context'
import { useStore } from './useStore'

/** Open/close, disconnect and the modal's state, for custom buttons and pages. */
export function useModal(): {
  open: (options?: OpenOptions) => void
  close: () => void
  /** Ends a connection (an id of `useModalConnections()`), or the active namespace's current one. */
  disconnect: (connectionId?: string) => Promise<void>
  state: ModalState
} {
  const modal = useModalInstance()
  const state = useStore(modal)
  const open = useCallback((options?: OpenOptions) => modal.open(options), [modal])
  const close = useCallback(() => void modal.close(), [modal])
  const disconnect = useCallback((connectionId?: string) => modal.disconnect(connectionId), [modal])
  return { open, close, disconnect, state }
}

/** The connected account's name and avatar from the cloud (each undefined without one). */
export function useModalAccountProfile(): AccountProfile {
  const modal = useModalInstance()
  return useStore({ getState: modal.getAccountProfile, subscribe: modal.subscribeAccountProfile })
}

/** The connected account as the modal sees it; stable between changes so React re-renders only on change. */
export function useModalAccount(): AccountSnapshot {
  const modal = useModalInstance()
  return useStore({ getState: modal.getAccount, subscribe: modal.subscribeAccount })
}

/** Every open connection, of every chain family, and the current one per namespace; stable between changes. */
export function useModalConnections(): ConnectionsState {
  const modal = useModalInstance()
  return useStore({ getState: modal.getConnections, subscribe: modal.subscribeAccount })
}
