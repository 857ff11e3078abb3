import { socialCallbackMessageSchema } from '@allaccess/protocol'

/**
 * The social callback page's completion code (docs/embedded-wallet.md#sign-in-binding): the cloud's page in the
 * popup posts it to this frame's origin through the opener's frames, never to the host page. Only a message from
 * the cloud's own origin counts; whatever else arrives is dropped. `complete` gets the code. Returns the release.
 */
export function listenForSocialCompletion(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  cloudOrigin: string,
  complete: (completion: string) => void,
): () => void {
  const listener = (event: MessageEvent) => {
    if (event.origin !== cloudOrigin) return
    const message = socialCallbackMessageSchema.safeParse(event.data)
    if (message.success) complete(message.data.completion)
  }
  target.addEventListener('message', listener)
  return () => target.removeEventListener('message', listener)
}
