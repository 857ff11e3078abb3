import type { FastifyReply } from 'fastify'

/** What Fastify answers for a JSON object: serialized answers are sent with the very same header. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/** Sends an answer already serialized to JSON bytes, as Fastify would have sent the object. */
export const sendJson = (reply: FastifyReply, body: Buffer): FastifyReply =>
  reply.type(JSON_CONTENT_TYPE).send(body)

const byAnswer = new WeakMap<object, Buffer>()

/**
 * The JSON bytes of an answer object, serialized once per object: answers served from a cache come back as the
 * same object, so only the first request that gets one pays for `JSON.stringify` and the UTF-8 encoding. The
 * bytes live as long as the object does. `serialize` must depend on `answer` alone.
 */
export function serializedOnce(answer: object, serialize: () => string): Buffer {
  let body = byAnswer.get(answer)
  if (!body) {
    body = Buffer.from(serialize())
    byAnswer.set(answer, body)
  }
  return body
}

/**
 * Serialized answers by key, least recently used dropped first once their bytes pass `maxBytes`: for answers
 * computed from a snapshot (clear it when the snapshot changes) that many requests ask for alike.
 */
export class SerializedAnswers {
  private readonly entries = new Map<string, Buffer>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  get(key: string, render: () => Buffer): Buffer {
    const hit = this.entries.get(key)
    if (hit) {
      // Re-inserted: Map keeps insertion order, so the first key is the least recently used.
      this.entries.delete(key)
      this.entries.set(key, hit)
      return hit
    }
    const body = render()
    if (body.length > this.maxBytes) return body
    this.entries.set(key, body)
    this.bytes += body.length
    for (const [oldest, evicted] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= evicted.length
    }
    return body
  }

  clear(): void {
    this.entries.clear()
    this.bytes = 0
  }

  /** How many answers are kept (for tests and diagnostics). */
  get size(): number {
    return this.entries.size
  }
}
