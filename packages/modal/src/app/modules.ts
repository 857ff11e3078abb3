import { emailFeature } from '../features/email/emailFeature'
import { farcasterFeature } from '../features/farcaster/farcasterFeature'
import { namesFeature } from '../features/names/namesFeature'
import { onrampFeature } from '../features/onramp/onrampFeature'
import type { OnrampFeatureOptions } from '../features/onramp/options'
import type { SiwxFeatureOptions } from '../features/siwx/createSiwxFeature'
import { siwxFeature } from '../features/siwx/siwxFeature'
import type { SocialFeatureOptions } from '../features/social/createSocialFeature'
import { socialFeature } from '../features/social/socialFeature'
import { swapsFeature } from '../features/swaps/swapsFeature'

/*
 * The optional features, each a call (docs/behaviour.md#features), so every one is added the same way and one
 * that takes settings needs no other spelling: `modules: [email(), social(), farcaster(), names(), swaps()]`.
 * A module names the features it needs (`requires`); a modal whose modules lack one refuses to start.
 * The `*Feature` exports stay for the sites that already use them.
 */

/** The e-mail login (docs/behaviour.md#email), with `addEmbeddedWalletConnector` registered. */
export const email = () => emailFeature
/** Social sign-in (docs/behaviour.md#social-login), with `addEmbeddedWalletConnector` registered. */
export const social = (settings: SocialFeatureOptions = {}) => socialFeature(settings)
/** Farcaster sign-in (docs/behaviour.md#farcaster): social's frame keeps its sign-in, so it needs social(). */
export const farcaster = (): typeof farcasterFeature => ({ ...farcasterFeature, requires: [social()] })
/** Account names (docs/behaviour.md#names). */
export const names = () => namesFeature
/** Swaps (docs/behaviour.md#swaps). */
export const swaps = () => swapsFeature
/** The on-ramp (docs/behaviour.md#on-ramp). */
export const onramp = (settings: OnrampFeatureOptions = {}) => onrampFeature(settings)
/** Sign-in with the wallet (docs/behaviour.md#sign-in). */
export const siwx = (settings: SiwxFeatureOptions = {}) => siwxFeature(settings)
