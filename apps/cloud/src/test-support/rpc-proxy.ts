import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type RecordedCall = { method: string; params: unknown[]; id?: unknown }

/**
 * A JSON-RPC proxy in front of a node, for tests: it records every call it passes on (what an indexer asked,
 * and from which block), can be pointed at another node, and can play dead (HTTP 503), for all calls or for a
 * request with one of the `refused` methods in it (a node that cannot serve eth_getLogs).
 */
export class RpcProxy {
  readonly calls: RecordedCall[] = []
  down = false
  readonly refused = new Set<string>()
  /** A method's results as a lying or broken node would answer them. */
  readonly rewritten = new Map<string, (result: unknown) => unknown>()
  private constructor(
    private readonly server: Server,
    public target: string,
  ) {}

  /** The node's answer with the results of `rewritten` methods changed (by the calls' ids). */
  private rewrite(calls: RecordedCall[], text: string): string {
    if (!calls.some((call) => this.rewritten.has(call.method))) return text
    const methodOf = new Map(calls.map((call) => [call.id, call.method]))
    const change = (answer: { id?: unknown; result?: unknown }) => {
      const rewrite = this.rewritten.get(methodOf.get(answer.id) ?? '')
      return rewrite ? { ...answer, result: rewrite(answer.result) } : answer
    }
    const parsed = JSON.parse(text) as
      | { id?: unknown; result?: unknown }
      | { id?: unknown; result?: unknown }[]
    return JSON.stringify(Array.isArray(parsed) ? parsed.map(change) : change(parsed))
  }

  static async start(target: string): Promise<RpcProxy> {
    const server = createServer()
    const proxy = new RpcProxy(server, target)
    server.on('request', async (request, response) => {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      const body = Buffer.concat(chunks).toString('utf8')
      if (proxy.down) {
        response.writeHead(503).end()
        return
      }
      try {
        const parsed = JSON.parse(body) as RecordedCall | RecordedCall[]
        const calls = Array.isArray(parsed) ? parsed : [parsed]
        if (calls.some((call) => proxy.refused.has(call.method))) {
          response.writeHead(503).end()
          return
        }
        for (const call of calls) proxy.calls.push({ method: call.method, params: call.params })
        const answer = await fetch(proxy.target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        const text = await answer.text()
        response
          .writeHead(answer.status, { 'content-type': 'application/json' })
          .end(proxy.rewrite(calls, text))
      } catch {
        response.writeHead(502).end()
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return proxy
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  /** The block numbers asked for with eth_getBlockByNumber (the genesis check and tags like 'latest' aside). */
  blocksFetched(): number[] {
    return this.calls
      .filter(
        (call) => call.method === 'eth_getBlockByNumber' && /^0x[0-9a-f]+$/.test(String(call.params[0])),
      )
      .map((call) => Number(call.params[0]))
      .filter((block) => block > 0)
  }

  close(): Promise<void> {
    this.server.closeAllConnections()
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}
