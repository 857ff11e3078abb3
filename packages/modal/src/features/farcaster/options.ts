/** The Farcaster feature's id: its view finds its controller by it (it can't import its module, which loads it). */
export const FARCASTER_FEATURE_ID = 'farcaster'
