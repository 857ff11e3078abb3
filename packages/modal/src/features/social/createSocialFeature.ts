import type { IdentityProvider, SocialProvider } from '@allaccess/protocol'
import type { FeatureContext } from '../../app/featureContext'
import type { EmbeddedWalletProvider } from '../../chains/evm/embeddedWallet'
import type { Connector } from '../../chains/types'
import { followEmbeddedLogin } from '../../embedded/embeddedLogin'
import type { FrameHost } from '../../embedded/frameHost'
import type { PopupWindow } from '../../kernel/environment'
import { createStore } from '../../kernel/store'
import {
  DEFAULT_SOCIAL_ORDER,
  SOCIAL_POPUP_CHECK_MS,
  SOCIAL_POPUP_SIZE,
  SOCIAL_STORAGE_KEYS,
  type SocialButton,
} from './constants'
import { SocialError } from './errors'
import { messagingWebview, socialButtons } from './providers'

export type SocialFeatureOptions = {
  /** The buttons and their order (docs/behaviour.md#social's default); 'farcaster' shows only with its view. */
  providers?: readonly SocialButton[]
}

export type SocialState = {
  /** The provider being signed in with (ConnectingSocial shows it). */
  provider: SocialProvider | undefined
  /** The last sign-in's failure, as the visitor reads it. */
  error: string | undefined
  /**
   * The connected social wallet's username and provider, kept in local storage, shown on Account
   * (docs/behaviour.md#social).
   */
  username: string | undefined
  accountProvider: IdentityProvider | undefined
}

/** The host page's ConnectingFarcaster view, when a feature brings it: the farcaster button leads there. */
const FARCASTER_VIEW = 'ConnectingFarcaster'

/**
 * Social login (docs/behaviour.md#social): the Connect view's provider buttons, the popup and ConnectingSocial.
 * The frame asks the cloud for the provider's address and collects the result itself: the modal opens the popup,
 * watches it close (every 1 s), and learns only the provider and username.
 */
export const createSocialFeature =
  (settings: SocialFeatureOptions) =>
  ({ env, chains, modal, analytics }: FeatureContext) => {
    const storage = env.storage as (Storage & { removeItem?(key: string): void }) | undefined
    const state = createStore<SocialState>({
      provider: undefined,
      error: undefined,
      username: storage?.getItem(SOCIAL_STORAGE_KEYS.username) ?? undefined,
      accountProvider: (storage?.getItem(SOCIAL_STORAGE_KEYS.provider) ?? undefined) as
        | IdentityProvider
        | undefined,
    })

    function authConnector(): Connector | undefined {
      return chains.getConnectors().find((candidate) => candidate.type === 'AUTH')
    }

    async function frame(): Promise<FrameHost> {
      const connector = authConnector()
      const provider = (await connector?.getProvider?.()) as EmbeddedWalletProvider | undefined
      if (!provider?.frame) throw new SocialError('initiate')
      return provider.frame
    }

    /** Signed in by a provider: the connection is the AUTH connector's; the browser keeps the username. */
    async function finish(provider: IdentityProvider, username: string) {
      storage?.setItem(SOCIAL_STORAGE_KEYS.username, username)
      storage?.setItem(SOCIAL_STORAGE_KEYS.provider, provider)
      state.setState({ username, accountProvider: provider })
      await modal.connect((authConnector() as Connector).id)
    }

    /**
     * Sends the popup to `uri` and follows it: the cloud's callback page posts the completion code to the frame
     * (never to this page: docs/embedded-wallet.md#sign-in-binding) and closes itself. The frame hears when the
     * popup closes (looked at every SOCIAL_POPUP_CHECK_MS).
     */
    function followPopup(host: FrameHost, popup: PopupWindow, uri: string) {
      popup.location.href = uri
      let closed = false
      let timer: unknown
      const check = () => {
        if (!popup.closed) {
          timer = env.clock.setTimeout(check, SOCIAL_POPUP_CHECK_MS)
          return
        }
        closed = true
        void host.request('socialPopupClosed', {}).catch(() => {})
      }
      timer = env.clock.setTimeout(check, SOCIAL_POPUP_CHECK_MS)
      return {
        closed: () => closed,
        stop() {
          env.clock.clearTimeout(timer)
        },
      }
    }

    async function signIn(provider: SocialProvider, popup: PopupWindow | null) {
      if (!popup) throw new SocialError('initiate')
      const host = await frame()
      const { uri } = await host
        .request('getSocialRedirectUri', { provider })
        .catch(() => Promise.reject(new SocialError('initiate')))
      const followed = followPopup(host, popup, uri)
      try {
        const who = await host.request('connectSocial', {}).catch((error: unknown) => {
          throw followed.closed() ? new SocialError('popupClosed') : error
        })
        analytics.track('SOCIAL_LOGIN_REQUEST_USER_DATA', { provider })
        await finish(who.provider, who.username)
      } finally {
        followed.stop()
      }
    }

    // The end of the social wallet's login clears the stored username (docs/behaviour.md#social).
    const releaseAccount = followEmbeddedLogin({
      chains,
      storage,
      kept: () => storage?.getItem(SOCIAL_STORAGE_KEYS.username) != null,
      ended() {
        for (const key of Object.values(SOCIAL_STORAGE_KEYS)) storage?.removeItem?.(key)
        state.setState({ username: undefined, accountProvider: undefined })
      },
    })

    return {
      state,
      /** Whether this modal can sign in with a provider: the site registered the embedded wallet's connector. */
      available: () => authConnector() !== undefined,
      /**
       * The buttons in their order (docs/behaviour.md#social): the project's (`remote`, its `social_login` config),
       * else the site's, else the default; farcaster only when its view is there.
       */
      buttons: (remote?: readonly SocialButton[]): SocialButton[] =>
        socialButtons(
          remote ?? settings.providers ?? DEFAULT_SOCIAL_ORDER,
          messagingWebview(env.userAgent()),
        ).filter(
          (button) => button !== 'farcaster' || modal.featureViews()?.views[FARCASTER_VIEW] !== undefined,
        ),
      /**
       * A button's click. The popup opens first, inside the click (no blocker stops it); the frame then gives its
       * address. 'Popup closed' when it closes before the provider sent the user back.
       */
      select(button: SocialButton) {
        if (button === 'farcaster') {
          modal.navigate({ view: FARCASTER_VIEW } as never)
          return Promise.resolve()
        }
        return this.connect(button)
      },
      async connect(provider: SocialProvider) {
        if (state.getState().provider) return
        const popup = env.openPopup(SOCIAL_POPUP_SIZE)
        state.setState({ provider, error: undefined })
        modal.navigate({ view: 'ConnectingSocial', data: { provider } })
        analytics.track('SOCIAL_LOGIN_STARTED', { provider })
        try {
          await signIn(provider, popup)
          analytics.track('SOCIAL_LOGIN_SUCCESS', { provider })
        } catch (error) {
          if (popup && !popup.closed) popup.close()
          const message = error instanceof Error ? error.message : String(error)
          state.setState({ error: message })
          analytics.track('SOCIAL_LOGIN_ERROR', { provider, message })
        } finally {
          state.setState({ provider: undefined })
        }
      },
      /**
       * A social user's key export (docs/behaviour.md#social): the popup opens first, inside the click, for the
       * provider to sign the user in again; the frame's export screen waits for that and shows the key itself.
       * The modal learns only that the screen closed.
       */
      async exportKey() {
        let popup = env.openPopup(SOCIAL_POPUP_SIZE)
        if (!popup) throw new SocialError('initiate')
        let followed: ReturnType<typeof followPopup> | undefined
        let releaseRetry: (() => void) | undefined
        try {
          const host = await frame()
          const reauthenticate = async (target: PopupWindow) => {
            const { uri } = await host
              .request('getSocialReauthUri', {})
              .catch(() => Promise.reject(new SocialError('initiate')))
            followed?.stop()
            followed = followPopup(host, target, uri)
          }
          // The frame's Try again (another account signed in, say): inside the user's click there, the popup still
          // open is sent to the provider again, or a new one opens. A blocked popup leaves the frame's wait to end.
          releaseRetry = host.onSocialReauthAgain(() => {
            const target = popup && !popup.closed ? popup : env.openPopup(SOCIAL_POPUP_SIZE)
            if (!target) return
            popup = target
            void reauthenticate(target).catch(() => {})
          })
          await reauthenticate(popup)
          await host.request('exportKey', {})
        } finally {
          releaseRetry?.()
          followed?.stop()
          if (popup && !popup.closed) popup.close()
        }
      },
      /** The embedded wallet's frame, through the AUTH connector (Farcaster's sign-in asks it too). */
      frame,
      /**
       * Signed in by an identity provider outside this feature (Farcaster): the username is kept as for a social
       * sign-in (in local storage, shown on Account: docs/behaviour.md#social) and the AUTH connector connects.
       */
      signedIn: finish,
      /** The connected wallet is a social one (its panel shows on Account). */
      isSocialWallet: () => chains.getAccount().connector?.type === 'AUTH',
      destroy: releaseAccount,
    }
  }

export type SocialFeature = ReturnType<ReturnType<typeof createSocialFeature>>
