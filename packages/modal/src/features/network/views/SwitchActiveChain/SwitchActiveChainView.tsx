import type { EntryOf } from '../../../../kernel/routes'
import { useModal } from '../../../../ui/shell/hooks'

/** Opening rule 1: the site asked for another chain namespace; the visitor moves the modal to it. */
export function SwitchActiveChainView({ entry }: { entry: EntryOf<'SwitchActiveChain'> }) {
  const modal = useModal()
  const { namespace } = entry.data
  const name = modal.networks.find((candidate) => candidate.chainNamespace === namespace)?.name ?? namespace
  return (
    <div className="stack center">
      <p className="muted">{`This step needs a ${name} wallet.`}</p>
      <button type="button" className="primary-button" onClick={() => modal.switchActiveChain(namespace)}>
        {`Switch to ${name}`}
      </button>
    </div>
  )
}
