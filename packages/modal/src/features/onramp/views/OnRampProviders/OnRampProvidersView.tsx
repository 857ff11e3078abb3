import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { onrampCss } from '../onramp.css'
import { useOnramp, useOnrampState } from '../useOnramp'

/** OnRampProviders (docs/behaviour.md#on-ramp): the providers one may buy through. */
export function OnRampProvidersView() {
  useViewStyles(onrampCss)
  const onramp = useOnramp()
  const providers = useOnrampState((state) => state.providers)
  return (
    <ul className="list" aria-label="Providers">
      {providers.map((provider) => (
        <li key={provider.id}>
          <button
            type="button"
            className="row-button onramp-provider"
            onClick={() => onramp.selectProvider(provider.id)}
          >
            <span>{provider.name}</span>
            <span className="muted">{provider.description}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
