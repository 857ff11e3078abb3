import { Agent, request } from 'undici'
import { CloudError } from '../errors.js'

/** Largest upstream answer the gateway reads: past it the call fails rather than the process's memory. */
export const MAX_UPSTREAM_ANSWER_BYTES = 16 * 1024 * 1024

/** An upstream node down, slow, or answering other than JSON: `message` says which. */
export class UpstreamError extends CloudError<'upstream'> {
  override name = 'UpstreamError'
  constructor(message: string, options?: { cause?: unknown }) {
    super('upstream', message, options)
  }
}

/** The upstream answered more than the caller reads: the call's own answer is too large, the node is fine. */
export class UpstreamAnswerTooLargeError extends UpstreamError {
  override readonly name = 'UpstreamAnswerTooLargeError'
}

/**
 * Posts JSON-RPC to upstream nodes over kept-alive connections, bounded by a time-out. Keyed by EIP-155 chain id,
 * or by CAIP-2 id for the chains that have no number (Solana's).
 */
export class Upstreams<Chain extends number | string = number> {
  private readonly agent = new Agent({ keepAliveTimeout: 30_000, connections: 64 })

  constructor(
    private readonly urls: ReadonlyMap<Chain, string>,
    private readonly timeoutMs: number,
  ) {}

  chains(): Chain[] {
    return [...this.urls.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  }

  has(chainId: Chain): boolean {
    return this.urls.has(chainId)
  }

  /**
   * The upstream's JSON answer as text; throws UpstreamError when it is down, slow, not answering JSON or
   * answering more than `maxBytes`.
   */
  async post(chainId: Chain, body: string, maxBytes = MAX_UPSTREAM_ANSWER_BYTES): Promise<string> {
    const url = this.urls.get(chainId)
    if (!url) throw new UpstreamError(`no upstream for chain ${chainId}`)
    let answer: Awaited<ReturnType<typeof request>>
    try {
      answer = await request(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.timeoutMs),
      })
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `timed out after ${this.timeoutMs} ms`
          : describe(error)
      throw new UpstreamError(reason)
    }
    const text = await readBounded(answer.body, maxBytes)
    if (answer.statusCode !== 200) throw new UpstreamError(`answered HTTP ${answer.statusCode}`)
    if (!/^\s*[[{]/.test(text)) throw new UpstreamError('answered something other than JSON')
    return text
  }

  close(): Promise<void> {
    return this.agent.close()
  }
}

async function readBounded(body: AsyncIterable<Buffer> & { destroy(): unknown }, maxBytes: number) {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of body) {
      size += chunk.length
      if (size > maxBytes) {
        body.destroy()
        throw new UpstreamAnswerTooLargeError(`answered more than ${maxBytes} bytes`)
      }
      chunks.push(chunk)
    }
  } catch (error) {
    throw error instanceof UpstreamError ? error : new UpstreamError(describe(error))
  }
  return Buffer.concat(chunks).toString('utf8')
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  const code = (cause as NodeJS.ErrnoException | undefined)?.code
  return code ?? (cause instanceof Error ? cause.message : String(cause))
}
