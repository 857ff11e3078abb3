import type { Modal } from '../app/modal'
import type { EmailFeature } from '../features/email/createEmailFeature'
import { EMAIL_FEATURE_ID } from '../features/email/options'
import type { FeatureModule } from '../kernel/feature'
import { currentEntry } from '../kernel/router'
import { deriveFromFeature, loadedFeature, type Readable } from './readable'

/** The e-mail feature by its id: importing its module here would put its chunk's loader in every headless page. */
const emailModule = { id: EMAIL_FEATURE_ID } as FeatureModule<EmailFeature, never>

/**
 * Where the sign-in is (docs/behaviour.md#email): the address to type, the one-time code sent to it, or a known
 * user's new device waiting for the e-mailed link's approval.
 */
export type EmailLoginStep = 'email' | 'code' | 'device'

/** What an e-mail sign-in form of a site's own shows, by the rules of the modal's e-mail views. */
export type EmailLoginState = {
  /** false until the modal's features are in (`load()` asks for them). */
  ready: boolean
  /** The site added `emailFeature` and the embedded wallet's connector: e-mail sign-in can run. */
  available: boolean
  step: EmailLoginStep
  /** The address being signed in with, once submitted. */
  email: string | undefined
  /** A step runs: the form waits. */
  busy: boolean
  /** The last step's failure, as the visitor reads it (the modal's own texts). */
  error: string | undefined
  /** When a new code may be asked for (epoch ms): 30 s between code e-mails. */
  resendAt: number | undefined
  /** The last step was throttled: when it may run again (epoch ms). */
  retryAt: number | undefined
}

export type EmailLogin = Readable<EmailLoginState> & {
  /** Fetches the features and the run-time connectors (once). */
  load(): Promise<void>
  /** Asks for a code to `email` (checked as the modal checks it); a known device connects at once. */
  submit(email: string): Promise<void>
  /** The code from the e-mail: connects, or waits for the new device's approval (`step: 'device'`). */
  verify(code: string): Promise<void>
  /** A new code to the same address (refused within 30 s of the last, with the seconds left). */
  resend(): Promise<void>
  /** Back to the address, the failure cleared (another address, say). */
  restart(): void
}

const NOT_READY: EmailLoginState = {
  ready: false,
  available: false,
  step: 'email',
  email: undefined,
  busy: false,
  error: undefined,
  resendAt: undefined,
  retryAt: undefined,
}

/** The modal's views for the steps after the address: the step a form of one's own shows for each. */
const STEP_OF_VIEW: Partial<Record<string, EmailLoginStep>> = {
  EmailVerifyOtp: 'code',
  EmailVerifyDevice: 'device',
}

/**
 * E-mail sign-in for a site's own form, framework-free: the modal's e-mail feature does every step (the embedded
 * wallet's frame checks the code; the page never sees a session or a key), so the rules and texts are the modal's.
 */
export function createEmailLogin(modal: Modal): EmailLogin {
  const readable = deriveFromFeature(modal, emailModule, {
    stores: (email) => [email.state],
    inputs: (email) => [modal.getState().router, modal.featureViews(), email?.state.getState()],
    compute(email) {
      if (!modal.featureViews()) return NOT_READY
      if (!email) return { ...NOT_READY, ready: true }
      const { state } = email
      const { email: address, busy, error, resendAt, retryAt } = state.getState()
      const view = currentEntry(modal.getState().router).view
      return {
        ready: true,
        available: email.available(),
        step: (address && STEP_OF_VIEW[view]) || 'email',
        email: address,
        busy,
        error,
        resendAt,
        retryAt,
      }
    },
  })
  /** The e-mail feature, loaded; a site without it gets the modal's own error naming the feature. */
  const feature = async () => {
    await modal.loadFeatures()
    return modal.feature(emailModule)
  }
  function restart() {
    const email = modal.featureViews() ? loadedFeature(modal, emailModule) : undefined
    email?.clearError()
    email?.state.setState({ email: undefined })
    modal.home()
  }
  return {
    ...readable,
    load: () => modal.prefetch(),
    submit: async (email) => (await feature()).submitEmail(email),
    verify: async (code) => (await feature()).verifyOtp(code),
    resend: async () => (await feature()).resend(),
    restart,
  }
}
