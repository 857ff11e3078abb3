import { defineConfig, int } from '../config/section.js'

export const relayConfig = defineConfig({
  env: {
    RELAY_MAX_MESSAGE_BYTES: int(1024, 16_777_216).default(262_144),
    RELAY_MAX_TOPICS: int(1, 100_000).default(1000),
    RELAY_MAX_SUBSCRIPTIONS: int(1, 10_000_000).default(100_000),
    RELAY_MESSAGES_PER_SECOND: int(1, 100_000).default(100),
    RELAY_PING_MS: int(100, 300_000).default(15_000),
    RELAY_MAX_TTL_SECONDS: int(1, 2_592_000).default(2_592_000),
    RELAY_TOPIC_MAX_MESSAGES: int(1, 1_000_000).default(100),
    RELAY_TOPIC_MAX_BYTES: int(1024, 1_073_741_824).default(4_194_304),
    RELAY_CLIENT_MAX_MESSAGES: int(1, 1_000_000).default(1000),
    RELAY_CLIENT_MAX_BYTES: int(1024, 1_073_741_824).default(16_777_216),
  },
  read: (e) => ({
    relay: {
      maxMessageBytes: e.RELAY_MAX_MESSAGE_BYTES,
      maxTopics: e.RELAY_MAX_TOPICS,
      maxSubscriptions: e.RELAY_MAX_SUBSCRIPTIONS,
      messagesPerSecond: e.RELAY_MESSAGES_PER_SECOND,
      pingMs: e.RELAY_PING_MS,
      maxTtlSeconds: e.RELAY_MAX_TTL_SECONDS,
      topicQuota: { messages: e.RELAY_TOPIC_MAX_MESSAGES, bytes: e.RELAY_TOPIC_MAX_BYTES },
      clientQuota: { messages: e.RELAY_CLIENT_MAX_MESSAGES, bytes: e.RELAY_CLIENT_MAX_BYTES },
    },
  }),
})
