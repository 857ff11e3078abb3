import type { FrameHost } from './frameHost'

/** Hears the signed-in frame now (if any) and on each change; the return stops it. */
export type FollowEmbeddedFrame = (listener: (frame: FrameHost | undefined) => void) => () => void

/**
 * The embedded wallet's frame while someone is signed in to it, for the other chain families (docs/behaviour.md#email:
 * the same wallet on Solana): the e-mail feature announces it, an adapter with `followEmbeddedFrame` opens its
 * connection through it. One per modal (the chain layer makes it), so two modals on a page never share a login.
 * No dependency here: it stays in the modal's first chunk at no cost.
 */
export function createEmbeddedFrames() {
  const listeners = new Set<(frame: FrameHost | undefined) => void>()
  let signedIn: FrameHost | undefined
  const follow: FollowEmbeddedFrame = (listener) => {
    listeners.add(listener)
    if (signedIn) listener(signedIn)
    return () => listeners.delete(listener)
  }
  return {
    /** The frame of a signed-in user, or undefined once the login ended. */
    announce(frame: FrameHost | undefined): void {
      if (frame === signedIn) return
      signedIn = frame
      for (const listener of listeners) listener(frame)
    },
    follow,
  }
}

export type EmbeddedFrames = ReturnType<typeof createEmbeddedFrames>
