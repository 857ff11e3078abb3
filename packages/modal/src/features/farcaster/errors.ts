/** Sign In With Farcaster's connection error, named once (docs/behaviour.md#farcaster). */
export const FarcasterErrorText = {
  connect: 'Failed to connect to farcaster',
} as const
