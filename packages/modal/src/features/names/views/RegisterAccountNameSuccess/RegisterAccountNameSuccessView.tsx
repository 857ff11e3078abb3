import { useModal } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { namesCss } from '../names.css'

/** RegisterAccountNameSuccess (docs/behaviour.md#names): the name now points at this wallet. */
export function RegisterAccountNameSuccessView({ name }: { name: string }) {
  useViewStyles(namesCss)
  const modal = useModal()
  return (
    <div className="stack center">
      <p className="name-success">{name}</p>
      <p className="muted">is yours: apps that read names show it instead of your address.</p>
      <button type="button" className="primary-button" onClick={() => modal.home()}>
        Back to account
      </button>
    </div>
  )
}
