import { type ReactNode, useEffect } from 'react'
import type { Modal } from '../app/modal'
import { ModalContext } from './context'
import { loadModalUi } from './loadModalUi'

export type ModalProviderProps = {
  modal: Modal
  children: ReactNode
  /**
   * While the browser is idle after the page loads, fetch the modal's views and what its first view shows (the
   * features, the project's configuration, the picker's wallets), so the first open paints at once. Default true.
   */
  prefetch?: boolean
}

export function ModalProvider({ modal, children, prefetch = true }: ModalProviderProps) {
  useEffect(() => {
    let unmount: (() => void) | undefined
    let cancelled = false
    // The shell mounts as soon as its code is in; it shows a spinner until the features are (they load on open
    // or at idle).
    const mount = () =>
      loadModalUi().then((mountModal) => {
        if (!cancelled) unmount ??= mountModal(modal)
      })
    // Mount as soon as the modal is (or gets) opened; a closed modal costs nothing but the idle prefetch.
    if (modal.getState().open) void mount()
    const unsubscribe = modal.subscribe((state) => {
      if (state.open) void mount()
    })
    // At idle: the UI's code and what the first view shows; then the shell mounts closed and rehearses that view
    // (ui/shell/Rehearsal), so the first click pays for no first-time work.
    const idle = prefetch
      ? requestIdle(() => {
          void loadModalUi()
          void modal.prefetch().then(mount, mount)
        })
      : undefined
    return () => {
      cancelled = true
      unsubscribe()
      idle?.()
      unmount?.()
    }
  }, [modal, prefetch])
  return <ModalContext.Provider value={modal}>{children}</ModalContext.Provider>
}

function requestIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 3000 })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(task, 1500)
  return () => clearTimeout(handle)
}
