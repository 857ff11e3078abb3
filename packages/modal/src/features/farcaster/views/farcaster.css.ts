/** ConnectingFarcaster's link styled as a button: a link's own colour would not read on the modal's background. */
export const farcasterCss = /* css */ `
a.farcaster-open { text-decoration: none; }
a.farcaster-open.secondary-button { color: inherit; }
`
