import { batchUnsubscribeParams, unsubscribeParams } from '../schema.js'
import type { MethodHandler } from './context.js'

/** `irn_unsubscribe {topic, id}` → true. Ids are per client and topic, so the topic says it all. */
export const unsubscribe: MethodHandler = async ({ relay, subscriber }, params) => {
  relay.unsubscribe(subscriber, unsubscribeParams.parse(params).topic)
  return true
}

export const batchUnsubscribe: MethodHandler = async ({ relay, subscriber }, params) => {
  for (const { topic } of batchUnsubscribeParams.parse(params).subscriptions)
    relay.unsubscribe(subscriber, topic)
  return true
}
