import type { FeatureContext } from '../../app/featureContext'
import type { FeatureModule } from '../../kernel/feature'
import { createStore } from '../../kernel/store'
import type { SocialFeature } from '../social/createSocialFeature'
import { SOCIAL_FEATURE_ID } from '../social/options'
import { FarcasterErrorText } from './errors'

export type FarcasterState = {
  /** The Sign In With Farcaster link (the QR code), once the frame has it (docs/behaviour.md#farcaster). */
  farcasterUrl: string | undefined
  /** A sign-in is under way (getting the link, or waiting for the Farcaster app). */
  busy: boolean
  error: string | undefined
}

/** The social feature's public surface (its frame, where a sign-in's username is kept): reached by its id. */
const socialModule = { id: SOCIAL_FEATURE_ID } as FeatureModule<SocialFeature, never>

/**
 * Sign In With Farcaster (docs/behaviour.md#farcaster): ConnectingFarcaster shows the frame's link as a QR code
 * and waits while the frame waits for the Farcaster app's verified approval; the modal learns only the link and
 * the username. Signed in, the social feature keeps the username and connects the embedded wallet.
 */
export const createFarcasterFeature = ({ modal, analytics }: FeatureContext) => {
  const state = createStore<FarcasterState>({ farcasterUrl: undefined, busy: false, error: undefined })

  return {
    state,
    /** A new sign-in: a new link, then the wait for its approval; one failure text (docs/behaviour.md#farcaster). */
    async connect() {
      if (state.getState().busy) return
      state.setState({ farcasterUrl: undefined, busy: true, error: undefined })
      // The social login events, as for every provider (docs/behaviour.md#farcaster).
      const provider = 'farcaster'
      analytics.track('SOCIAL_LOGIN_STARTED', { provider })
      try {
        const social = modal.feature(socialModule)
        const frame = await social.frame()
        const { url } = await frame.request('getFarcasterUri', {})
        state.setState({ farcasterUrl: url })
        const { username } = await frame.request('connectFarcaster', {})
        analytics.track('SOCIAL_LOGIN_REQUEST_USER_DATA', { provider })
        await social.signedIn(provider, username)
        analytics.track('SOCIAL_LOGIN_SUCCESS', { provider })
      } catch {
        state.setState({ error: FarcasterErrorText.connect })
        analytics.track('SOCIAL_LOGIN_ERROR', { provider, message: FarcasterErrorText.connect })
      } finally {
        state.setState({ busy: false })
      }
    },
  }
}

export type FarcasterFeature = ReturnType<typeof createFarcasterFeature>
