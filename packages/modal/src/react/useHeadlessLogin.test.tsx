import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { mockModal } from '../testing/mockModal'
import { ModalContext } from './context'
import { useEmailLogin, useSocialLogin } from './useHeadlessLogin'

// On the server (and in the first render that hydrates it) the sign-in hooks show the address step, not ready.
function SignIn() {
  const email = useEmailLogin()
  const social = useSocialLogin()
  return (
    <p>
      {email.ready ? 'ready' : 'loading'}|{email.step}|{social.ready ? 'ready' : 'loading'}|
      {social.providers.length}
    </p>
  )
}

describe('headless sign-in hooks', () => {
  it('render the address step and no providers on the server, fetching nothing', () => {
    const { modal } = mockModal()
    const html = renderToString(
      <ModalContext.Provider value={modal}>
        <SignIn />
      </ModalContext.Provider>,
    )
    expect(html).toBe('<p>loading<!-- -->|<!-- -->email<!-- -->|<!-- -->loading<!-- -->|<!-- -->0</p>')
    expect(modal.featureViews()).toBeUndefined()
    modal.destroy()
  })
})
