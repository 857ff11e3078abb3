import { SOCIAL_CALLBACK_MESSAGE, socialCallbackMessageSchema } from '@allaccess/protocol'

type Channel = Pick<BroadcastChannel, 'postMessage' | 'close'> & {
  onmessage: ((event: MessageEvent) => void) | null
}

/**
 * The social callback's completion code (docs/embedded-wallet.md#sign-in-binding): the cloud's callback sends the
 * popup to the frame's own completion page, which broadcasts the code on the frame's origin alone — never to the
 * host page, whose script hears nothing. `complete` gets each well-formed code. Returns the release.
 */
export function listenForSocialCompletion(
  complete: (completion: string) => void,
  open: (name: string) => Channel = (name) => new BroadcastChannel(name),
): () => void {
  const channel = open(SOCIAL_CALLBACK_MESSAGE)
  channel.onmessage = (event) => {
    const message = socialCallbackMessageSchema.safeParse(event.data)
    if (message.success) complete(message.data.completion)
  }
  return () => channel.close()
}

/** The completion page's work: the code in its fragment broadcast to the frame, the fragment cleared. */
export function broadcastCompletion(
  location: Pick<Location, 'hash'>,
  clear: () => void,
  open: (name: string) => Channel = (name) => new BroadcastChannel(name),
): void {
  const completion = location.hash.slice(1)
  clear()
  const message = socialCallbackMessageSchema.safeParse({ type: SOCIAL_CALLBACK_MESSAGE, completion })
  if (!message.success) return
  const channel = open(SOCIAL_CALLBACK_MESSAGE)
  channel.postMessage(message.data)
  channel.close()
}
