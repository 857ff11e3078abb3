import { ConnectionErrorText, type ErrorText } from '../../kernel/errors'

/** Why a connection attempt failed: the catalogue text (docs/behaviour.md#errors), then what to do about it. */
export function ConnectionFailure({ error, hint }: { error: ErrorText; hint: string }) {
  return (
    <>
      <p className="error" role="alert">
        {error}
      </p>
      <p className="muted">
        {error === ConnectionErrorText.connectionRejected ? 'You declined the request in your wallet.' : hint}
      </p>
    </>
  )
}
