export { ConnectButton, type ConnectButtonProps, type ConnectButtonRenderProps } from './ConnectButton'
export { ModalProvider, type ModalProviderProps } from './ModalProvider'
export { useModal, useModalAccount } from './useModal'
