import type { FrameHost } from './frameHost'

/**
 * The embedded wallet's frame while someone is signed in to it, for the other chain families (docs/behaviour.md#email:
 * the same wallet on Solana). The e-mail feature announces it; the Solana adapter follows it and opens its
 * connection through it. No dependency here: it stays in the modal's first chunk at no cost.
 */
type Listener = (frame: FrameHost | undefined) => void
const listeners = new Set<Listener>()
let signedIn: FrameHost | undefined

/** The frame of a signed-in user, or undefined once the login ended. */
export function announceEmbeddedFrame(frame: FrameHost | undefined): void {
  if (frame === signedIn) return
  signedIn = frame
  for (const listener of listeners) listener(frame)
}

/** Hears the signed-in frame now (if any) and on each change; the return stops it. */
export function followEmbeddedFrame(listener: Listener): () => void {
  listeners.add(listener)
  if (signedIn) listener(signedIn)
  return () => listeners.delete(listener)
}
