import { createContext, useContext } from 'react'
import type { Modal } from '../app/modal'

export const ModalContext = createContext<Modal | null>(null)

export function useModalInstance(): Modal {
  const modal = useContext(ModalContext)
  if (!modal) throw new Error('useModal must be used inside <ModalProvider>')
  return modal
}
