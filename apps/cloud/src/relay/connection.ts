import type { FastifyBaseLogger } from 'fastify'
import type { RawData, WebSocket } from 'ws'
import { ZodError } from 'zod'
import { RelayErrorCode, RelayRpcError } from './errors.js'
import { BUFFERED_FACTOR, DELIVERED_IDS_REMEMBERED } from './limits.js'
import { type MethodHandler, methodFor } from './methods/index.js'
import { TokenBucket } from './rate-limit.js'
import type { Relay, Subscriber } from './relay.js'
import { requestFrameSchema, responseFrameSchema, rpcIdSchema } from './schema.js'
import type { RelayMessage } from './store.js'

type RpcId = string | number | null

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return Buffer.from(data as ArrayBuffer).toString('utf8')
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/** The id of a frame that failed validation, when it has a usable one (else null, per JSON-RPC). */
function idOf(frame: unknown): RpcId {
  if (typeof frame !== 'object' || frame === null || !('id' in frame)) return null
  const id = rpcIdSchema.safeParse(frame.id)
  return id.success ? id.data : null
}

function paramsMessage(error: ZodError): string {
  const issues = error.issues.map((issue) => `${issue.path.join('.') || 'params'}: ${issue.message}`)
  return `Invalid params: ${issues.slice(0, 5).join('; ')}`
}

/**
 * One client's WebSocket: parses every frame with a schema, answers each request (errors as JSON-RPC
 * errors, the socket stays open), delivers messages as `irn_subscription` and takes the acks.
 * Requests run one after another, in order, as the clients expect.
 */
export class RelayConnection implements Subscriber {
  readonly topics = new Map<string, string>()
  /** Delivered, not yet acknowledged: the acks this socket may send. */
  private readonly unacked = new Set<number>()
  /**
   * Delivered on this socket, acknowledged or not: never delivered twice on it. A subscription's replay reads the
   * cache while another process's announcement of the same message arrives, and the ack of the first may land
   * before the replay's read: the unacked ids alone would let the second through.
   */
  private readonly delivered = new Set<number>()
  private readonly bucket: TokenBucket
  private queue: Promise<void> = Promise.resolve()
  private alive = true
  /** Settles when the latest frame has been handed to the network (false: the socket closed first). */
  private lastWrite: Promise<boolean> = Promise.resolve(true)

  constructor(
    private readonly socket: WebSocket,
    readonly clientId: string,
    private readonly relay: Relay,
    private readonly log: FastifyBaseLogger,
  ) {
    this.bucket = new TokenBucket(relay.limits.messagesPerSecond, Date.now())
    relay.attach(this)
    socket.on('message', (data) => this.receive(data))
    socket.on('pong', () => {
      this.alive = true
    })
    socket.on('close', () => relay.detach(this))
    // ws reports protocol violations (bad UTF-8, oversized frames) here and closes that socket itself.
    socket.on('error', (error) => log.debug({ err: error }, 'relay socket error'))
  }

  deliver(subscriptionId: string, message: RelayMessage): void {
    if (this.delivered.has(message.id) || this.unacked.has(message.id)) return
    this.delivered.add(message.id)
    // A Set keeps insertion order: the first is the oldest.
    if (this.delivered.size > DELIVERED_IDS_REMEMBERED)
      this.delivered.delete(this.delivered.values().next().value as number)
    this.unacked.add(message.id)
    this.send({
      id: message.id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subscriptionId,
        // The publisher's Verify attestation, or '' (none), which makes wallets skip Verify for it.
        data: {
          topic: message.topic,
          message: message.message,
          publishedAt: message.publishedAt,
          tag: message.tag,
          attestation: message.attestation,
        },
      },
    })
  }

  flushed(): Promise<boolean> {
    return this.socket.readyState === this.socket.OPEN ? this.lastWrite : Promise.resolve(false)
  }

  heartbeat(): boolean {
    if (!this.alive) {
      this.socket.terminate()
      return false
    }
    this.alive = false
    if (this.socket.readyState === this.socket.OPEN) this.socket.ping()
    return true
  }

  private receive(data: RawData): void {
    this.alive = true
    const parsed = parseJson(rawText(data))
    if (!parsed.ok) this.fail(null, RelayErrorCode.parse, 'Parse error: not JSON')
    else if (typeof parsed.value === 'object' && parsed.value !== null && !('method' in parsed.value))
      this.takeAck(parsed.value)
    else this.takeRequest(parsed.value)
  }

  /** Checks the request and queues it behind the ones before; refusals are answered at once. */
  private takeRequest(frame: unknown): void {
    const request = requestFrameSchema.safeParse(frame)
    if (!request.success) {
      this.fail(
        idOf(frame),
        RelayErrorCode.invalidRequest,
        'Invalid request: expected a JSON-RPC 2.0 request',
      )
      return
    }
    const { id, method, params } = request.data
    const handler = methodFor(method)
    if (!this.bucket.take(Date.now())) {
      const limit = this.relay.limits.messagesPerSecond
      this.fail(id, RelayErrorCode.limitExceeded, `Rate limit exceeded: at most ${limit} requests per second`)
    } else if (!handler) {
      this.fail(id, RelayErrorCode.methodNotFound, `Method not found: ${method}`)
    } else {
      this.queue = this.queue.then(() => this.run(id, method, handler, params))
    }
  }

  private async run(id: string | number, method: string, handler: MethodHandler, params: unknown) {
    try {
      const result = await handler({ relay: this.relay, subscriber: this }, params)
      this.send({ id, jsonrpc: '2.0', result })
    } catch (error) {
      if (error instanceof RelayRpcError) this.fail(id, error.rpcCode, error.message)
      else if (error instanceof ZodError) this.fail(id, RelayErrorCode.invalidParams, paramsMessage(error))
      else {
        this.log.error({ err: error, method }, 'relay request failed')
        this.fail(id, RelayErrorCode.internal, 'Internal error')
      }
    }
  }

  /** `{id, result: true}` for one of our deliveries; anything else that is no request is dropped. */
  private takeAck(frame: object): void {
    const response = responseFrameSchema.safeParse(frame)
    if (!response.success || !this.unacked.delete(response.data.id)) return
    // The client could not take it: a later subscription on this socket may deliver it again.
    if (response.data.result === undefined) return void this.delivered.delete(response.data.id)
    this.relay.ack(this, response.data.id).catch((error: unknown) => {
      this.log.warn({ err: error }, 'relay ack not recorded')
    })
  }

  private fail(id: RpcId, code: number, message: string): void {
    this.send({ id, jsonrpc: '2.0', error: { code, message } })
  }

  /**
   * Sends a frame; a client that lets more than BUFFERED_FACTOR × `maxMessageBytes` pile up unread is
   * dropped (what it had
   * not acknowledged stays in the cache for its next connection), so no reader can make the cloud buffer
   * without bound.
   */
  private send(frame: unknown): void {
    if (this.socket.readyState !== this.socket.OPEN) return
    this.lastWrite = new Promise((resolve) => {
      this.socket.send(JSON.stringify(frame), (error) => resolve(!error))
    })
    const maxBufferedBytes = BUFFERED_FACTOR * this.relay.limits.maxMessageBytes
    if (this.socket.bufferedAmount > maxBufferedBytes) {
      this.log.info({ clientId: this.clientId, maxBufferedBytes }, 'relay client too slow: dropped')
      this.socket.terminate()
    }
  }
}
