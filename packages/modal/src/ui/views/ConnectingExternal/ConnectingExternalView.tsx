import { useSyncExternalStore } from 'react'
import { ConnectionErrorText } from '../../../core/errors'
import { Spinner } from '../../components/Spinner'
import { WalletIcon } from '../../components/WalletIcon'
import { useModal, useModalState } from '../../hooks'

export function ConnectingExternalView({ connectorId }: { connectorId: string }) {
  const modal = useModal()
  const { error } = useModalState()
  const connectors = useSyncExternalStore(modal.subscribeAccount, modal.getConnectors, modal.getConnectors)
  const connector = connectors.find((candidate) => candidate.id === connectorId)
  const name = connector?.name ?? 'your wallet'
  return (
    <div className="stack center connecting">
      <WalletIcon connector={connector} large />
      {error ? (
        <>
          <p className="error" role="alert">
            {error}
          </p>
          <p className="muted">
            {error === ConnectionErrorText.connectionRejected
              ? 'You declined the request in your wallet.'
              : 'Something went wrong. Check your wallet and try again.'}
          </p>
        </>
      ) : (
        <>
          <Spinner label={`Waiting for ${name}`} />
          <p>Continue in {name}</p>
          <p className="muted">Accept the connection request in your wallet.</p>
        </>
      )}
      <div>
        <button
          type="button"
          className={error ? 'primary-button' : 'secondary-button'}
          onClick={() => void modal.connect(connectorId)}
        >
          Try again
        </button>
      </div>
    </div>
  )
}
