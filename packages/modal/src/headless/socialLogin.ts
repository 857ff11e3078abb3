import type { Modal } from '../app/modal'
import { connectFeature } from '../features/connect/connectFeature'
import type { SocialButton } from '../features/social/constants'
import type { SocialFeature } from '../features/social/createSocialFeature'
import { SOCIAL_FEATURE_ID } from '../features/social/options'
import type { FeatureModule } from '../kernel/feature'
import { HeadlessError } from './errors'
import { deriveFromFeature, type Readable } from './readable'

/** The social feature by its id: importing its module here would put its chunk's loader in every headless page. */
const socialModule = { id: SOCIAL_FEATURE_ID } as FeatureModule<SocialFeature, never>

/** What the social buttons of a site's own show, by the rules of the modal's (docs/behaviour.md#social). */
export type SocialLoginState = {
  /** false until the modal's features are in (`load()` asks for them); `select` needs them in. */
  ready: boolean
  /** The site added `socialFeature()` and the embedded wallet's connector: social sign-in can run. */
  available: boolean
  /**
   * The providers in their order: the project's (its remote configuration), else the site's, else the default;
   * less what a messaging app's webview can't use; farcaster only when its view is there.
   */
  providers: SocialButton[]
  /** The provider whose popup is open; every button waits meanwhile. */
  connecting: SocialButton | undefined
  /** The last sign-in's failure, as the visitor reads it ('Popup closed', …). */
  error: string | undefined
}

export type SocialLogin = Readable<SocialLoginState> & {
  /** Fetches the features, the run-time connectors and the project's configuration (once). */
  load(): Promise<void>
  /**
   * A provider button's click: call it inside the click, once `ready`, for the popup to open there (a blocker lets
   * only a click's popup through). Farcaster opens the modal on its QR code.
   */
  select(provider: SocialButton): Promise<void>
}

const NOT_READY: SocialLoginState = {
  ready: false,
  available: false,
  providers: [],
  connecting: undefined,
  error: undefined,
}

/**
 * Social sign-in for a site's own buttons, framework-free: the modal's social feature opens the popup and the
 * embedded wallet's frame collects the provider's answer (the page learns only the provider and username).
 */
export function createSocialLogin(modal: Modal): SocialLogin {
  const configuration = () => modal.feature(connectFeature).configuration
  const readable = deriveFromFeature(modal, socialModule, {
    stores: (social) => [social.state, configuration()],
    inputs: (social) =>
      social
        ? [modal.featureViews(), social.state.getState(), configuration().getState()]
        : [modal.featureViews()],
    compute(social) {
      if (!modal.featureViews()) return NOT_READY
      if (!social) return { ...NOT_READY, ready: true }
      const { provider, error } = social.state.getState()
      return {
        ready: true,
        available: social.available(),
        providers: social.available() ? social.buttons(configuration().getState().socialOrder) : [],
        connecting: provider,
        error,
      }
    },
  })
  return {
    ...readable,
    load: () => modal.prefetch(),
    select(provider) {
      // Not awaited before the popup: loading first would take the popup out of the click.
      if (!modal.featureViews()) return Promise.reject(new HeadlessError('socialNotReady'))
      if (provider === 'farcaster') {
        modal.open({ view: 'ConnectingFarcaster' } as never)
        return Promise.resolve()
      }
      return modal.feature(socialModule).connect(provider)
    },
  }
}
