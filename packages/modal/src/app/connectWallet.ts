import { KernelError } from '../kernel/errors'
import type { AccountSnapshot, Modal } from './modal'

export type ConnectedAccount = AccountSnapshot & { status: 'connected'; address: string }

const connectedAccount = (modal: Modal): ConnectedAccount | undefined => {
  const account = modal.getAccount()
  return account.status === 'connected' && account.address ? (account as ConnectedAccount) : undefined
}

/**
 * Opens the modal and resolves with the account once a wallet is connected, at once if one already is (the
 * network may still be one the site doesn't configure: the modal then stays on UnsupportedChain). Rejects
 * with a ModalError 'Modal closed' (docs/behaviour.md#errors) when the visitor closes the modal first.
 */
export function connectWallet(modal: Modal): Promise<ConnectedAccount> {
  const already = connectedAccount(modal)
  if (already) return Promise.resolve(already)
  return new Promise((resolve, reject) => {
    const settle = (account: ConnectedAccount | undefined) => {
      unsubscribeAccount()
      unsubscribeModal()
      if (account) resolve(account)
      else reject(new KernelError('modalClosed'))
    }
    const unsubscribeAccount = modal.subscribeAccount(() => {
      const account = connectedAccount(modal)
      if (account) settle(account)
    })
    // Connecting closes the modal too: a connection made by then wins.
    const unsubscribeModal = modal.subscribe((state, previous) => {
      if (previous.open && !state.open) settle(connectedAccount(modal))
    })
    modal.open()
  })
}
