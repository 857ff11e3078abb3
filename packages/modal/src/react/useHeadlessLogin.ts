import { useEffect, useMemo } from 'react'
import { createEmailLogin, type EmailLogin, type EmailLoginState } from '../headless/emailLogin'
import { createSocialLogin, type SocialLogin, type SocialLoginState } from '../headless/socialLogin'
import { useModalInstance } from './context'
import { useStore } from './useStore'

/**
 * An e-mail sign-in form of your own (docs/packages.md#headless): the address, the code, a new device's wait, with
 * the modal's checks and texts. It fetches the features once mounted; on the server, and until then, `ready` is false.
 */
export function useEmailLogin(): EmailLoginState & Omit<EmailLogin, 'getState' | 'subscribe'> {
  const modal = useModalInstance()
  const login = useMemo(() => createEmailLogin(modal), [modal])
  const state = useStore(login)
  useEffect(() => {
    void login.load()
  }, [login])
  return {
    ...state,
    load: login.load,
    submit: login.submit,
    verify: login.verify,
    resend: login.resend,
    restart: login.restart,
  }
}

/**
 * Social sign-in buttons of your own: the providers in the modal's order, the one connecting, the failure's text.
 * Call `select` in the button's click (the popup opens there); the buttons wait until `ready`.
 */
export function useSocialLogin(): SocialLoginState & Omit<SocialLogin, 'getState' | 'subscribe'> {
  const modal = useModalInstance()
  const login = useMemo(() => createSocialLogin(modal), [modal])
  const state = useStore(login)
  useEffect(() => {
    void login.load()
  }, [login])
  return { ...state, load: login.load, select: login.select }
}
