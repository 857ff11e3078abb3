import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateKeyPair, type Keypair, signJWT } from '@walletconnect/relay-auth'
import { WebSocket } from 'ws'
import { startCloud } from '../cloud.js'
import { newKek } from '../embedded/index.js'
import { LOCAL_PROJECT } from '../projects/index.js'
import type { CloudServices } from '../services.js'
import { scratchPostgres } from '../test-support/cloud.js'

/** A fresh 64-hex-digit topic. */
export const randomTopic = () => randomBytes(32).toString('hex')

export type TokenOptions = { keyPair?: Keypair; ttlSeconds?: number; iat?: number }

/** A client token as the official clients make it: EdDSA over their ed25519 key, for the relay's URL, one day. */
export function clientToken(audience: string, options: TokenOptions = {}) {
  const { keyPair = generateKeyPair(), ttlSeconds = 86_400, iat } = options
  return signJWT(randomBytes(32).toString('hex'), audience, ttlSeconds, keyPair, iat)
}

/** The project the relay's test clients name (the seeded local project). */
export const RELAY_TEST_PROJECT = LOCAL_PROJECT.id

/** Creates the project the test clients name, on a cloud started without seeding. */
export const addTestProject = (cloud: { services: CloudServices }) =>
  cloud.services.projects.ensure(LOCAL_PROJECT)

export type Frame = { id?: unknown; method?: string; params?: unknown; result?: unknown; error?: unknown }
export type Delivery = {
  id: number
  params: { id: string; data: { topic: string; message: string; publishedAt: number; tag: number } }
}

const WAIT_MS = 5000

/** A bare protocol client over `ws`: requests with awaited answers, deliveries collected (and acked). */
export class RawClient {
  readonly deliveries: Delivery[] = []
  readonly frames: Frame[] = []
  private nextId = 1
  private readonly waiters = new Set<() => void>()

  private constructor(
    readonly socket: WebSocket,
    private readonly autoAck: boolean,
  ) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame
      this.frames.push(frame)
      if (frame.method === 'irn_subscription') {
        this.deliveries.push(frame as Delivery)
        if (this.autoAck) socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
      }
      for (const wake of this.waiters) wake()
    })
  }

  static async open(
    relayUrl: string,
    options: { token?: string; autoAck?: boolean; projectId?: string; origin?: string } = {},
  ): Promise<RawClient> {
    const token = options.token ?? (await clientToken(relayUrl))
    const projectId = options.projectId ?? RELAY_TEST_PROJECT
    const socket = new WebSocket(`${relayUrl}?auth=${token}&projectId=${projectId}&ua=raw`, {
      headers: options.origin ? { origin: options.origin } : {},
    })
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade refused: ${response.statusCode}`)),
      )
    })
    return new RawClient(socket, options.autoAck ?? true)
  }

  /** Resolves once `check` holds for what arrived, or throws after `waitMs`. */
  async until<T>(check: () => T | undefined, waitMs = WAIT_MS): Promise<T> {
    const deadline = Date.now() + waitMs
    for (;;) {
      const value = check()
      if (value !== undefined) return value
      const left = deadline - Date.now()
      if (left <= 0) throw new Error('timed out waiting for the relay')
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          this.waiters.delete(done)
          resolve()
        }
        const timer = setTimeout(done, Math.min(left, 100))
        this.waiters.add(done)
      })
    }
  }

  /** Sends a raw frame (any text). */
  sendRaw(text: string | Buffer): void {
    this.socket.send(text)
  }

  /** Sends a request and waits for its answer (result or error frame). */
  async request(method: string, params?: unknown): Promise<Frame> {
    const id = this.nextId++
    this.socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    return this.until(() => this.frames.find((frame) => frame.id === id && frame.method === undefined))
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return
    await new Promise<void>((resolve) => {
      this.socket.once('close', () => resolve())
      this.socket.close()
    })
  }
}

/**
 * Storage that outlives a cloud: a PGlite folder, or a scratch database on the DATABASE_URL server
 * (the suite runs on both engines). `start` opens a cloud on it (again and again, e.g. on one port).
 */
export async function durableStorage() {
  const adminUrl = process.env.DATABASE_URL
  const scratch = adminUrl ? await scratchPostgres(adminUrl) : undefined
  const dataDir = scratch ? 'memory://' : await mkdtemp(join(tmpdir(), 'relay-'))
  const kek = newKek()
  return {
    start: async (port: number, env: Record<string, string> = {}) => {
      const cloud = await startCloud({
        port,
        host: '127.0.0.1',
        dataDir,
        env: {
          LOG_LEVEL: 'silent',
          CLOUD_SEED: 'false',
          EMBEDDED_KEK: kek,
          ...env,
          ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        },
      })
      await addTestProject(cloud)
      return cloud
    },
    remove: async () => {
      await scratch?.drop()
      if (!scratch) await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export const relayUrlOf = (cloud: { url: string }) => `${cloud.url.replace(/^http/, 'ws')}/relay`
