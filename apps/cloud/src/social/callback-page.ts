import { createHash } from 'node:crypto'
import { SOCIAL_CALLBACK_MESSAGE, SOCIAL_TEXTS, socialCallbackMessageSchema } from '@allaccess/protocol'
import { messagePage } from '../http/html.js'

/**
 * The callback's page once signed in: its one script hands the completion code to the frame inside the popup's
 * opener — to the frame's origin only (each of the opener's frames is offered it; only a document of that origin
 * receives it), never to the host page, so no script of the host can read it (docs/embedded-wallet.md#sign-in-binding).
 * The popup then closes itself: the frame takes the message by its origin (the cloud's), not by its source.
 * `scriptSource` is the CSP source that allows that script alone (its hash: it differs every time).
 */
export function completionPage(frameOrigin: string, completion: string) {
  const message = JSON.stringify({ type: SOCIAL_CALLBACK_MESSAGE, completion })
  const script =
    `var o=window.opener;if(o)for(var i=0;i<o.frames.length;i++)o.frames[i].postMessage(${message},${JSON.stringify(frameOrigin)});` +
    'setTimeout(function(){window.close()},100)'
  return {
    html: messagePage(SOCIAL_TEXTS.done, SOCIAL_TEXTS.doneDetail, `<script>${script}</script>`),
    scriptSource: `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  }
}

/**
 * For tests that stand in for the frame: what a completion page posts, and to which origin. Undefined for any other
 * page.
 */
export function readCompletionPage(html: string): { completion: string; targetOrigin: string } | undefined {
  const posted = /<script>var o=window\.opener;.*?postMessage\((\{.*?\}),("[^"]*")\);/.exec(html)
  if (!posted) return undefined
  const message = socialCallbackMessageSchema.safeParse(JSON.parse(posted[1] as string))
  return message.success
    ? { completion: message.data.completion, targetOrigin: JSON.parse(posted[2] as string) as string }
    : undefined
}
