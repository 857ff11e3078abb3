import { batchFetchParams } from '../schema.js'
import type { MethodHandler } from './context.js'

/**
 * `irn_batchFetchMessages {topics}` → one page of the client's unacknowledged cached messages on those
 * topics; `hasMore: true` when a further call has more.
 */
export const batchFetchMessages: MethodHandler = async ({ relay, subscriber }, params) => {
  const { messages, hasMore } = await relay.fetch(subscriber, batchFetchParams.parse(params).topics)
  return {
    messages: messages.map(({ topic, message, publishedAt, tag, attestation }) => ({
      topic,
      message,
      publishedAt,
      tag,
      attestation,
    })),
    hasMore,
  }
}
