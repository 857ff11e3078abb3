/** Spec §8 connection error of Sign In With Farcaster, named once. */
export const FarcasterErrorText = {
  connect: 'Failed to connect to farcaster',
} as const
