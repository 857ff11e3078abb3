import { createHash } from 'node:crypto'
import { SOCIAL_COMPLETION_PATH, SOCIAL_TEXTS } from '@allaccess/protocol'
import { messagePage } from '../http/html.js'

/**
 * The callback's page once signed in: its one script sends the popup on to the frame's own completion page, on the
 * frame's origin, the completion code in its fragment (never sent to a server). That page hands the code to the
 * frame on its origin alone; the host page, which opened the popup, can read neither page (both are of other
 * origins) nor the message (docs/embedded-wallet.md#sign-in-binding). `scriptSource` is the CSP source that allows
 * that script alone (its hash: it differs every time).
 */
export function completionPage(frameOrigin: string, completion: string) {
  const target = `${frameOrigin}${SOCIAL_COMPLETION_PATH}#${completion}`
  const script = `location.replace(${JSON.stringify(target)})`
  return {
    html: messagePage(SOCIAL_TEXTS.done, SOCIAL_TEXTS.doneDetail, `<script>${script}</script>`),
    scriptSource: `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  }
}

/**
 * For tests that stand in for the frame: the completion code a completion page sends on, and to which origin.
 * Undefined for any other page.
 */
export function readCompletionPage(html: string): { completion: string; targetOrigin: string } | undefined {
  const sent = /<script>location\.replace\(("[^"]*")\)<\/script>/.exec(html)
  if (!sent) return undefined
  const target = new URL(JSON.parse(sent[1] as string) as string)
  return target.pathname === SOCIAL_COMPLETION_PATH
    ? { completion: target.hash.slice(1), targetOrigin: target.origin }
    : undefined
}
