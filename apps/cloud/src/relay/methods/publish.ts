import { batchPublishParams, publishParams } from '../schema.js'
import type { MethodHandler } from './context.js'

/** `irn_publish {topic, message, ttl, tag, attestation?, …}` → true once cached and delivered to live subscribers. */
export const publish: MethodHandler = async ({ relay, subscriber }, params) => {
  await relay.publish(subscriber, [publishParams.parse(params)])
  return true
}

/** `irn_batchPublish {messages}` → true; the batch is checked whole (sizes, quotas) before anything is published. */
export const batchPublish: MethodHandler = async ({ relay, subscriber }, params) => {
  await relay.publish(subscriber, batchPublishParams.parse(params).messages)
  return true
}
