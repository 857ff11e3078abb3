import { ConnectionFailure } from '../../../../ui/components/ConnectionFailure'
import { Spinner } from '../../../../ui/components/Spinner'
import { WalletIcon } from '../../../../ui/components/WalletIcon'
import { useConnectors, useModal, useModalState } from '../../../../ui/shell/hooks'

export function ConnectingExternalView({ connectorId }: { connectorId: string }) {
  const modal = useModal()
  const { error } = useModalState()
  const connectors = useConnectors()
  const connector = connectors.find((candidate) => candidate.id === connectorId)
  const name = connector?.name ?? 'your wallet'
  return (
    <div className="stack center connecting">
      <WalletIcon connector={connector} large />
      {error ? (
        <ConnectionFailure error={error} hint="Something went wrong. Check your wallet and try again." />
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
