import type { HoldersArea } from '@allaccess/protocol'
import { browserStorage, type KeyValueStorage } from '../kernel/environment'
import { storageKey } from '../kernel/storage'
import { readHoldersArea, readSiwxMessage, readSiwxSessionCreated, readSiwxSessions } from './answers'
import { CloudHttpError } from './errors'
import type { SiwxAdapter, SiwxSession } from './siwxAdapter'

export type SiwxClientOptions = {
  /** The cloud client's request: refusals as CloudHttpError, no answer as CloudUnreachableError. */
  getJson(path: string, params?: Record<string, string | undefined>, init?: RequestInit): Promise<unknown>
  /** Where the session tokens are kept; localStorage by default. */
  storage?: KeyValueStorage | undefined
}

/** A session this browser holds: the server's id, and the bearer token that proves it. */
type Held = { id: string; token: string; chainId: string; address: string; expiresAt: string }

/** The key of the held sessions in the page's storage (docs/behaviour.md#storage). */
export const SIWX_STORAGE_KEY = storageKey('siwx')
/** Sessions one browser holds at most (accounts × networks); the oldest go first. */
const HELD_LIMIT = 8

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})
const bearer = (held: Held, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { authorization: `Bearer ${held.token}` },
})
const same = (held: Held, chainId: string, address: string) =>
  held.chainId === chainId && held.address === address.toLowerCase()

/**
 * The cloud's sign-in sessions (docs/behaviour.md#sign-in), the default `SiwxAdapter`: the cloud makes the
 * message, verifies the signature and keeps the session; this browser keeps only each session's bearer token,
 * which the holders' area asks for. The cloud client loads this module on first use.
 */
export function createSiwxClient({ getJson, storage = browserStorage() }: SiwxClientOptions) {
  function held(): Held[] {
    try {
      const list: unknown = JSON.parse(storage?.getItem(SIWX_STORAGE_KEY) ?? '[]')
      if (!Array.isArray(list)) return []
      const now = Date.now()
      return (list as Held[]).filter(
        (entry) => typeof entry?.token === 'string' && Date.parse(entry.expiresAt) > now,
      )
    } catch {
      return []
    }
  }
  const keep = (list: Held[]) => storage?.setItem(SIWX_STORAGE_KEY, JSON.stringify(list.slice(-HELD_LIMIT)))
  const heldFor = (chainId: string, address: string) =>
    held().filter((entry) => same(entry, chainId, address))
  const forget = (ids: string[]) => keep(held().filter((entry) => !ids.includes(entry.id)))

  /** A request with a held token; a token the cloud no longer knows is forgotten. */
  async function authorized<T>(
    entry: Held,
    request: (init: RequestInit) => Promise<T>,
  ): Promise<T | undefined> {
    try {
      return await request(bearer(entry))
    } catch (error) {
      if (error instanceof CloudHttpError && error.status === 401) {
        forget([entry.id])
        return undefined
      }
      throw error
    }
  }

  const client = {
    async createMessage({ chainId, accountAddress }) {
      const fields = readSiwxMessage(
        await getJson('/auth/v1/siwx/message', {}, json({ chainId, accountAddress })),
      )
      return { ...fields, chainId, accountAddress }
    },
    async addSession({ message, signature, cacao }) {
      const created = readSiwxSessionCreated(
        await getJson(
          '/auth/v1/siwx/sessions',
          {},
          json({ message, signature, ...(cacao ? { cacao } : {}) }),
        ),
      )
      const { chainId, accountAddress } = created.session.data
      keep([
        ...held().filter((entry) => entry.id !== created.id),
        {
          id: created.id,
          token: created.token,
          chainId,
          address: accountAddress.toLowerCase(),
          expiresAt: created.expiresAt,
        },
      ])
    },
    async getSessions(chainId, address) {
      const sessions: SiwxSession[] = []
      for (const entry of heldFor(chainId, address)) {
        const answer = await authorized(entry, (init) => getJson('/auth/v1/siwx/sessions', {}, init))
        const current =
          answer === undefined ? undefined : readSiwxSessions(answer).find((entry) => entry.current)
        if (current) sessions.push(current)
        else forget([entry.id])
      }
      return sessions
    },
    async revokeSession(chainId, address) {
      const entries = heldFor(chainId, address)
      await Promise.all(entries.map(revoke))
      forget(entries.map((entry) => entry.id))
    },
    async setSessions(sessions) {
      const entries = held()
      await Promise.all(entries.map(revoke))
      forget(entries.map((entry) => entry.id))
      for (const session of sessions) await client.addSession(session)
    },
  } satisfies SiwxAdapter

  function revoke(entry: Held) {
    return authorized(entry, (init) =>
      getJson(`/auth/v1/siwx/sessions/${encodeURIComponent(entry.id)}`, {}, { ...init, method: 'DELETE' }),
    )
  }

  return {
    ...client,
    /**
     * The holders' area for this account's session: `undefined` without a live session; `content: null` when the
     * account holds no pass (the cloud checks the chain).
     */
    async holdersArea(chainId: string, address: string): Promise<HoldersArea | undefined> {
      const [entry] = heldFor(chainId, address)
      if (!entry) return undefined
      const answer = await authorized(entry, (init) => getJson('/holders/v1/area', {}, init))
      return answer === undefined ? undefined : readHoldersArea(answer)
    },
  }
}

export type SiwxClient = ReturnType<typeof createSiwxClient>
