import type { Modal } from '../app/modal'

type MountModal = (modal: Modal) => () => void
let loading: Promise<MountModal> | undefined

/** The modal's UI is a separate chunk: the page pays for it when the modal first opens, or on idle prefetch. */
export function loadModalUi(): Promise<MountModal> {
  loading ??= import('../ui/shell/mountModal').then((module) => module.mountModal)
  return loading
}
