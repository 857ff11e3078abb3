import { batchFetchParams } from '../schema.js'
import type { MethodHandler } from './context.js'

/** `irn_batchFetchMessages {topics}` → the client's unacknowledged cached messages on those topics. */
export const batchFetchMessages: MethodHandler = async ({ relay, subscriber }, params) => {
  const messages = await relay.fetch(subscriber, batchFetchParams.parse(params).topics)
  return {
    messages: messages.map(({ topic, message, publishedAt, tag }) => ({
      topic,
      message,
      publishedAt,
      tag,
      attestation: '',
    })),
    hasMore: false,
  }
}
