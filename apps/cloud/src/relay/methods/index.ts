import type { MethodHandler } from './context.js'
import { batchFetchMessages } from './fetch.js'
import { batchPublish, publish } from './publish.js'
import { approveSession, proposeSession } from './session.js'
import { batchSubscribe, subscribe } from './subscribe.js'
import { batchUnsubscribe, unsubscribe } from './unsubscribe.js'

export type { MethodContext, MethodHandler } from './context.js'
export { SessionTag } from './session.js'

/** Every method the relay answers; anything else is -32601. */
const methods = new Map<string, MethodHandler>([
  ['irn_subscribe', subscribe],
  ['irn_batchSubscribe', batchSubscribe],
  ['irn_unsubscribe', unsubscribe],
  ['irn_batchUnsubscribe', batchUnsubscribe],
  ['irn_publish', publish],
  ['irn_batchPublish', batchPublish],
  ['irn_batchFetchMessages', batchFetchMessages],
  ['wc_proposeSession', proposeSession],
  ['wc_approveSession', approveSession],
])

export function methodFor(name: string): MethodHandler | undefined {
  return methods.get(name)
}
