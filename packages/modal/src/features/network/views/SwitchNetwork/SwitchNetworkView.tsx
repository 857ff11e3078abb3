import { Spinner } from '../../../../ui/components/Spinner'
import { useModal } from '../../../../ui/shell/hooks'

export function SwitchNetworkView({ caipNetworkId }: { caipNetworkId: string | undefined }) {
  const modal = useModal()
  const network = modal.networks.find((candidate) => candidate.caipNetworkId === caipNetworkId)
  return (
    <div className="stack center">
      <Spinner label={`Switching to ${network?.name ?? 'the network'}`} />
      <p>Approve in wallet</p>
      <p className="muted">Accept the switch to {network?.name ?? 'the network'} in your wallet.</p>
    </div>
  )
}
