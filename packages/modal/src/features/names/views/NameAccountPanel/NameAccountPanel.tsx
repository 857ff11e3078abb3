import { useEffect, useState } from 'react'
import { useModal, useModalAccount } from '../../../../ui/shell/hooks'
import { useNames } from '../useNames'

/** The Account view's offer of a name, for an embedded wallet that has none (docs/behaviour.md#names). */
export function NameAccountPanel() {
  const modal = useModal()
  const names = useNames()
  const { address } = useModalAccount()
  const [named, setNamed] = useState<boolean | undefined>(undefined)
  useEffect(() => {
    if (!address) return
    let current = true
    names.namesOf(address).then(
      (list) => current && setNamed(list.length > 0),
      () => current && setNamed(undefined),
    )
    return () => {
      current = false
    }
  }, [names, address])
  if (!address || named !== false || !names.canRegister()) return null
  return (
    <button
      type="button"
      className="secondary-button"
      onClick={() => modal.navigate({ view: 'RegisterAccountName' })}
    >
      Choose a name
    </button>
  )
}
