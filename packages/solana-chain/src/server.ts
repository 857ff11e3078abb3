// The local Solana chain: LiteSVM behind Solana's JSON-RPC over HTTP, and its subscriptions over a websocket.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

import {
  DEFAULT_SOLANA_HOST,
  DEFAULT_SOLANA_PORT,
  LOCAL_SOLANA_CHAIN_ID,
  MAX_REQUEST_BODY_BYTES,
  SOLANA_WS_PORT_OFFSET,
} from './constants'
import { faucetKey } from './dev-keys'
import { type Genesis, writeGenesis } from './genesis'
import { Ledger } from './ledger'
import type { Chain } from './methods'
import { handleBody, toJson } from './rpc'
import { RPC_ERROR, RPC_TEXT } from './rpc-errors'
import { serveSubscriptions } from './subscriptions'

export type SolanaChainOptions = {
  host?: string
  /** The HTTP port (default 8899; 0 picks a free one); subscriptions listen on port + 1 unless `wsPort` says. */
  port?: number
  wsPort?: number
  /**
   * A block every this many ms even without transactions (default 400, Solana's slot time), so blockhashes age
   * as on Solana; 0 makes blocks only when a transaction lands.
   */
  slotMs?: number
}

export type SolanaChain = {
  url: string
  wsUrl: string
  /** CAIP-2 id: `solana:` + the first 32 characters of the genesis hash. */
  chainId: string
  /** The funded dev keys' addresses, the faucet's and tUSD's mint. */
  genesis: Genesis
  /** The chain itself, for tests that look beneath the RPC. */
  ledger: Ledger
  close(): Promise<void>
}

const DEFAULT_SLOT_MS = 400
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
  'access-control-max-age': '86400',
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_REQUEST_BODY_BYTES) {
        resolve(undefined)
        request.resume()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function send(response: ServerResponse, status: number, body: string, type = 'application/json') {
  response.writeHead(status, { ...CORS, 'content-type': type, 'content-length': Buffer.byteLength(body) })
  response.end(body)
}

const errorBody = (code: number, message: string) =>
  toJson({ jsonrpc: '2.0', id: null, error: { code, message } })

/** Starts the chain with its genesis (README: dev keys, tUSD) and serves it until `close`. */
export async function start(options: SolanaChainOptions = {}): Promise<SolanaChain> {
  const host = options.host ?? DEFAULT_SOLANA_HOST
  const ledger = new Ledger()
  const genesis = await writeGenesis(ledger)
  const chain: Chain = { ledger, faucet: (await faucetKey()).signer }

  const http = createServer(async (request, response) => {
    try {
      if (request.method === 'OPTIONS') return send(response, 204, '')
      if (request.method === 'GET' && request.url === '/health')
        return send(response, 200, 'ok', 'text/plain')
      if (request.method !== 'POST')
        return send(
          response,
          405,
          'Used HTTP Method is not allowed. POST or OPTIONS is required',
          'text/plain',
        )
      const body = await readBody(request)
      if (body === undefined)
        return send(response, 413, errorBody(RPC_ERROR.invalidRequest, RPC_TEXT.tooLarge))
      const answer = await handleBody(body, chain)
      send(response, 200, answer ?? '')
    } catch (error) {
      console.error('solana: request failed:', error)
      if (!response.headersSent) send(response, 500, errorBody(RPC_ERROR.internal, RPC_TEXT.internal))
    }
  })
  const port = options.port ?? DEFAULT_SOLANA_PORT
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(port, host, () => resolve())
  })
  const httpPort = (http.address() as { port: number }).port
  let ws: Awaited<ReturnType<typeof serveSubscriptions>>
  try {
    ws = await serveSubscriptions(
      chain,
      host,
      options.wsPort ?? (port === 0 ? 0 : httpPort + SOLANA_WS_PORT_OFFSET),
    )
  } catch (error) {
    http.close()
    throw error
  }
  const slotMs = options.slotMs ?? DEFAULT_SLOT_MS
  const ticker = slotMs > 0 ? setInterval(() => ledger.newBlock(), slotMs) : undefined
  ticker?.unref()

  return {
    url: `http://${host}:${httpPort}`,
    wsUrl: `ws://${host}:${ws.port}`,
    chainId: LOCAL_SOLANA_CHAIN_ID,
    genesis,
    ledger,
    close: async () => {
      clearInterval(ticker)
      await ws.close()
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
