import type { FeatureContext } from '../../app/featureContext'
import type { FeatureModule } from '../../kernel/feature'
import { createStore } from '../../kernel/store'
import type { SocialFeature } from '../social/createSocialFeature'
import { SOCIAL_FEATURE_ID } from '../social/options'
import { FarcasterErrorText } from './errors'

export type FarcasterState = {
  /** The Sign In With Farcaster link (the QR code), once the frame has it (docs/behaviour.md#farcaster). */
  farcasterUrl: string | undefined
  /** A sign-in is under way (getting the link, waiting for the Farcaster app, or taking the session). */
  busy: boolean
  /** The Farcaster app approved: the view asks for the code it showed the approver (docs/embedded-wallet.md#farcaster). */
  approved: boolean
  error: string | undefined
}

/** The social feature's public surface (its frame, where a sign-in's username is kept): reached by its id. */
const socialModule = { id: SOCIAL_FEATURE_ID } as FeatureModule<SocialFeature, never>

/**
 * Sign In With Farcaster (docs/behaviour.md#farcaster): ConnectingFarcaster shows the frame's link as a QR code
 * and waits while the frame waits for the Farcaster app's verified approval, then takes the code the Farcaster app
 * showed the approver (only the window that showed the link gets the session); the modal learns only the link and
 * the username. Signed in, the social feature keeps the username and connects the embedded wallet.
 */
export const createFarcasterFeature = ({ modal, analytics }: FeatureContext) => {
  const state = createStore<FarcasterState>({
    farcasterUrl: undefined,
    busy: false,
    approved: false,
    error: undefined,
  })
  // The social login events, as for every provider (docs/behaviour.md#farcaster).
  const provider = 'farcaster'
  const social = () => modal.feature(socialModule)
  /** Runs one step of the sign-in while busy; a failure is the one failure text. */
  async function step(run: () => Promise<void>) {
    state.setState({ busy: true, error: undefined })
    try {
      await run()
    } catch {
      state.setState({ approved: false, error: FarcasterErrorText.connect })
      analytics.track('SOCIAL_LOGIN_ERROR', { provider, message: FarcasterErrorText.connect })
    } finally {
      state.setState({ busy: false })
    }
  }

  return {
    state,
    /** A new sign-in: a new link, then the wait for its approval; one failure text (docs/behaviour.md#farcaster). */
    async connect() {
      if (state.getState().busy) return
      state.setState({ farcasterUrl: undefined, approved: false })
      analytics.track('SOCIAL_LOGIN_STARTED', { provider })
      await step(async () => {
        const frame = await social().frame()
        const { url } = await frame.request('getFarcasterUri', {})
        state.setState({ farcasterUrl: url })
        await frame.request('connectFarcaster', {})
        state.setState({ approved: true })
      })
    },
    /** The approved sign-in's completion code, as the Farcaster app showed it: the session, once. */
    async complete(completion: string) {
      if (state.getState().busy || !state.getState().approved) return
      await step(async () => {
        const { username } = await (await social().frame()).request('completeFarcaster', { completion })
        analytics.track('SOCIAL_LOGIN_REQUEST_USER_DATA', { provider })
        await social().signedIn(provider, username)
        analytics.track('SOCIAL_LOGIN_SUCCESS', { provider })
      })
    },
  }
}

export type FarcasterFeature = ReturnType<typeof createFarcasterFeature>
