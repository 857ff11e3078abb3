import { batchSubscribeParams, subscribeParams } from '../schema.js'
import type { MethodHandler } from './context.js'

/** `irn_subscribe {topic}` → the subscription id; cached messages follow as `irn_subscription`. */
export const subscribe: MethodHandler = async ({ relay, subscriber }, params) => {
  const { topic } = subscribeParams.parse(params)
  const [id] = await relay.subscribe(subscriber, [topic])
  return id
}

/** `irn_batchSubscribe {topics}` (sent on every reconnect) → the ids, in order. */
export const batchSubscribe: MethodHandler = async ({ relay, subscriber }, params) => {
  const { topics } = batchSubscribeParams.parse(params)
  return relay.subscribe(subscriber, topics)
}
