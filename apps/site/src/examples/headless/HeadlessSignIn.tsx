import { useEmailLogin, useSecondsLeft, useSocialLogin } from '@allaccess/modal/react'
import { IDENTITY_PROVIDER_LABELS } from '@allaccess/protocol'
import { useState } from 'react'

/**
 * The e-mail sign-in in this page's own form, on the headless `useEmailLogin`: the address, then the e-mailed code
 * (or a new device's wait), with the modal's checks and texts; the embedded wallet's frame does the rest.
 */
export function EmailSignIn({ disabled }: { disabled: boolean }) {
  const login = useEmailLogin()
  const [value, setValue] = useState('')
  const seconds = useSecondsLeft(login.resendAt)
  if (!login.available) return null
  if (login.step === 'device')
    return (
      <p role="status">
        Approve this device from the link we e-mailed to {login.email}.{' '}
        <button type="button" onClick={login.restart}>
          Use another address
        </button>
      </p>
    )
  const code = login.step === 'code'
  return (
    <form
      aria-label="E-mail sign-in"
      onSubmit={(event) => {
        event.preventDefault()
        void (code ? login.verify(value) : login.submit(value)).then(() => setValue(''))
      }}
    >
      <label>
        {code ? `The code sent to ${login.email}` : 'E-mail'}
        <input
          value={value}
          inputMode={code ? 'numeric' : 'email'}
          autoComplete={code ? 'one-time-code' : 'email'}
          onChange={(event) => setValue(event.target.value)}
        />
      </label>
      <button type="submit" disabled={disabled || login.busy}>
        {code ? 'Verify' : 'Continue with e-mail'}
      </button>
      {code ? (
        <button type="button" disabled={login.busy || seconds > 0} onClick={() => void login.resend()}>
          {seconds > 0 ? `Resend code in ${seconds} s` : 'Resend code'}
        </button>
      ) : null}
      <p role="status">{login.busy ? 'Please wait…' : (login.error ?? null)}</p>
    </form>
  )
}

/** The social sign-in in this page's own buttons, on the headless `useSocialLogin` (the popup opens in the click). */
export function SocialSignIn({ disabled }: { disabled: boolean }) {
  const login = useSocialLogin()
  if (!login.available) return null
  return (
    <section aria-label="Social sign-in">
      {login.providers.map((provider) => (
        <button
          key={provider}
          type="button"
          disabled={disabled || !login.ready || login.connecting !== undefined}
          onClick={() => void login.select(provider)}
        >
          {IDENTITY_PROVIDER_LABELS[provider]}
        </button>
      ))}
      <p role="status">
        {login.connecting
          ? `Signing in with ${IDENTITY_PROVIDER_LABELS[login.connecting]}…`
          : (login.error ?? null)}
      </p>
    </section>
  )
}
