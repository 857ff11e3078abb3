import { createHash } from 'node:crypto'
import { SOCIAL_CALLBACK_MESSAGE, SOCIAL_TEXTS, socialCallbackMessageSchema } from '@allaccess/protocol'
import { messagePage } from '../http/html.js'

/**
 * The callback's page once signed in: its one script hands the completion code to the popup's opener — on the
 * attempt's host origin only, so no other page can read it. The opener closes the popup once it has the code:
 * closed by its own script, the popup could be gone before the opener hears it (Chromium then gives the message
 * no `source`, and the opener takes messages from its popup only). `scriptSource` is the CSP source that allows
 * that script alone (its hash: it differs every time).
 */
export function completionPage(hostOrigin: string, completion: string) {
  const message = JSON.stringify({ type: SOCIAL_CALLBACK_MESSAGE, completion })
  const script = `window.opener&&window.opener.postMessage(${message},${JSON.stringify(hostOrigin)})`
  return {
    html: messagePage(SOCIAL_TEXTS.done, SOCIAL_TEXTS.doneDetail, `<script>${script}</script>`),
    scriptSource: `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  }
}

/**
 * For tests that stand in for the popup's opener: what a completion page posts, and to which origin. Undefined
 * for any other page.
 */
export function readCompletionPage(html: string): { completion: string; targetOrigin: string } | undefined {
  const posted = /<script>window\.opener&&window\.opener\.postMessage\((\{.*?\}),("[^"]*")\)<\/script>/.exec(
    html,
  )
  if (!posted) return undefined
  const message = socialCallbackMessageSchema.safeParse(JSON.parse(posted[1] as string))
  return message.success
    ? { completion: message.data.completion, targetOrigin: JSON.parse(posted[2] as string) as string }
    : undefined
}
