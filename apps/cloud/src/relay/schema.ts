import { z } from 'zod'
import { MAX_BATCH_MESSAGES, MAX_BATCH_TOPICS } from './limits.js'

/** The clients' topics are sha256 hashes in lower-case hex. */
export const topicSchema = z.string().regex(/^[0-9a-f]{64}$/, 'expected a topic of 64 lower-case hex digits')

/** At most 30 days, like the public relay; the cache may keep a message for less (RELAY_MAX_TTL_SECONDS). */
const ttlSchema = z.number().int().min(1).max(2_592_000)
const messageSchema = z.string().min(1)

/** A Verify attestation (a JWT) the publisher got for its origin: passed on to subscribers as is. */
const attestation = z.string().max(10_000).optional()

export const rpcIdSchema = z.union([z.number().int().safe(), z.string().min(1).max(100)])

/** Any request: the method's own schema checks `params` afterwards. */
export const requestFrameSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: rpcIdSchema,
  method: z.string().min(1).max(100),
  params: z.unknown().optional(),
})

/** A client's answer to one of our `irn_subscription` requests (the ack). */
export const responseFrameSchema = z.object({
  jsonrpc: z.literal('2.0').optional(),
  id: z.number().int().safe(),
  result: z.unknown().optional(),
  error: z.unknown().optional(),
})

export const subscribeParams = z.object({ topic: topicSchema })
export const batchSubscribeParams = z.object({ topics: z.array(topicSchema).min(1).max(MAX_BATCH_TOPICS) })
const unsubscription = z.object({ topic: topicSchema, id: z.string().max(200) })
export const unsubscribeParams = unsubscription
export const batchUnsubscribeParams = z.object({
  subscriptions: z.array(unsubscription).min(1).max(MAX_BATCH_TOPICS),
})
export const batchFetchParams = batchSubscribeParams

export const publishParams = z.object({
  topic: topicSchema,
  message: messageSchema,
  ttl: ttlSchema,
  tag: z.number().int().min(0).max(2_147_483_647).default(0),
  prompt: z.boolean().optional(),
  attestation,
})
export const batchPublishParams = z.object({
  messages: z.array(publishParams).min(1).max(MAX_BATCH_MESSAGES),
})

export const proposeSessionParams = z.object({
  pairingTopic: topicSchema,
  sessionProposal: messageSchema,
  ttl: ttlSchema,
  attestation,
})
export const approveSessionParams = z.object({
  sessionTopic: topicSchema,
  pairingTopic: topicSchema,
  sessionProposalResponse: messageSchema,
  sessionSettlementRequest: messageSchema,
  ttl: ttlSchema,
})

/**
 * Upgrade query of `/relay`: `auth`, `projectId` (read as every service reads it), `useOnCloseEvent`; the
 * clients also send `ua`, which is not needed.
 */
export const upgradeQuerySchema = z
  .object({ auth: z.string().max(4096).optional(), useOnCloseEvent: z.string().max(10).optional() })
  .catchall(
    z
      .string()
      .max(4096)
      .or(z.array(z.string().max(4096))),
  )
