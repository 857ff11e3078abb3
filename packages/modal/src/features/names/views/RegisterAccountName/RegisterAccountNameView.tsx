import { useId } from 'react'
import { StepFeedback } from '../../../../ui/components/StepFeedback'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { namesCss } from '../names.css'
import { useNames, useNamesState } from '../useNames'

/**
 * RegisterAccountName (docs/behaviour.md#names): a name as the visitor types it, the rule it breaks, and the
 * suggestions — the name itself first (taken or free), then free alternatives; choosing a free one registers it.
 */
export function RegisterAccountNameView() {
  useViewStyles(namesCss)
  const names = useNames()
  const { input, problem, suggestions, searching, registering, error } = useNamesState((state) => state)
  const id = useId()
  return (
    <div className="stack name-form">
      <label htmlFor={`${id}-name`}>Name</label>
      <input
        id={`${id}-name`}
        type="text"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={input}
        disabled={registering}
        aria-describedby={problem ? `${id}-problem` : undefined}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => names.setInput(event.currentTarget.value)}
      />
      {problem ? (
        <p id={`${id}-problem`} className="error" role="alert">
          {problem}
        </p>
      ) : null}
      <StepFeedback
        busy={searching || registering}
        busyText={registering ? 'Registering…' : 'Looking for the name…'}
        error={error}
      />
      {suggestions ? (
        <ul className="list" aria-label="Suggestions">
          {suggestions.map((suggestion) => (
            <li key={suggestion.name}>
              <button
                type="button"
                className="row-button name-suggestion"
                aria-disabled={suggestion.registered || registering}
                onClick={() => {
                  if (!suggestion.registered && !registering) void names.register(suggestion.name)
                }}
              >
                <span>{suggestion.name}</span>
                <span className="muted">{suggestion.registered ? 'Taken' : 'Register'}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
