import { randomBytes, randomUUID } from 'node:crypto'
import {
  readCaipNetworkId,
  SIWX_STATEMENT,
  SIWX_TEXTS,
  SIWX_VERSION,
  type SiwxMessage,
  type SiwxMessageData,
  type SiwxMessageRequest,
  type SiwxSessionCreated,
  type SiwxSessionEntry,
  type SiwxSessionRequest,
} from '@allaccess/protocol'
import { and, asc, count, desc, eq, gt, inArray, lte, min } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Address, getAddress, type Hex, isAddress, isAddressEqual } from 'viem'
import type { Db } from '../db/index.js'
import { newToken, sha256, TOKEN_PATTERN } from '../embedded/index.js'
import { NotFoundError, TooManyRequestsError } from '../http/errors.js'
import type { SiwxChains } from './chain.js'
import { SiwxError } from './errors.js'
import {
  ISSUED_AT_SKEW_MS,
  NONCE_TTL_MS,
  NONCES_PER_CLIENT,
  NONCES_PER_PROJECT,
  PURGE_MS,
  SESSION_MAX_TTL_MS,
  SESSIONS_PER_ACCOUNT,
} from './limits.js'
import { readSignedMessage, type SignedMessage } from './signed-message.js'
import { siwxNonces as nonces, siwxSessions as sessions } from './tables.js'

/** Where a message is issued to, or a signed one comes back from: a project and an allowed browser origin. */
export type SignInRequest = {
  projectId: string
  /** The serialised origin (`scheme://host[:port]`): the message's `uri`. */
  origin: string
  /** Its host and non-default port: the message's `domain`. */
  domain: string
  /** The client address, which the per-client nonce cap counts. */
  clientKey: string
}

/** A live session, found by its bearer token; `address` is EIP-55 for an EVM account, base58 for a Solana one. */
export type LiveSiwxSession = { id: string; projectId: string; address: string }

/** What the holders' area shows a pass holder. */
export const HOLDERS_AREA_CONTENT = {
  title: 'Welcome to the holders’ area',
  body:
    'Your All-Access Pass is checked on chain each time you open this page. Holders get early access to new ' +
    'drops, the members’ channel and the monthly behind-the-scenes notes. Thank you for holding a pass.',
} as const

const iso = (ms: number) => new Date(ms).toISOString()
/** A nonce of 32 hex characters: 128 random bits, and EIP-4361's alphanumeric nonce. */
const newNonce = () => randomBytes(16).toString('hex')
const sameTime = (signed: Date | undefined, issued: string) => signed?.getTime() === Date.parse(issued)
/** Issued At is when the wallet signed: between the nonce's issue and now, give or take the clocks' skew. */
/** The message is in effect now: past its Not Before, before its Expiration Time (EIP-4361's validity). */
const inEffect = ({ notBefore, expirationTime }: SignedMessage, now: number) =>
  (notBefore === undefined || notBefore.getTime() <= now) &&
  (expirationTime === undefined || now < expirationTime.getTime())
const signedWhileIssued = (signed: Date | undefined, issued: string, now: number) =>
  signed !== undefined &&
  signed.getTime() >= Date.parse(issued) - ISSUED_AT_SKEW_MS &&
  signed.getTime() <= now + ISSUED_AT_SKEW_MS

/**
 * A CAIP-2 id the cloud signs in on: an EIP-155 chain it has an upstream for, or a Solana network it has a node of;
 * SiwxError('chainNotServed') otherwise.
 */
function servedChain(chains: SiwxChains, caip2: string): string {
  const network = readCaipNetworkId(caip2)
  if (network?.namespace === 'solana' && chains.servesSolana(caip2)) return caip2
  if (network?.namespace !== 'eip155' || !/^\d{1,15}$/.test(network.chainId))
    throw new SiwxError('chainNotServed')
  if (!chains.serves(Number(network.chainId))) throw new SiwxError('chainNotServed')
  return `eip155:${Number(network.chainId)}`
}

/** An account as sessions keep it: EIP-55 for EVM, as written (base58) for Solana. */
const accountOf = (address: string) => (isAddress(address) ? getAddress(address) : address)
const sameAccount = (a: string, b: string) =>
  isAddress(a) && isAddress(b) ? isAddressEqual(a as Address, b as Address) : a === b

/**
 * Sign in with the wallet (apps/cloud/README.md#sign-in-with-the-wallet): issues EIP-4361 messages bound to a
 * project and a browser origin, each with a single-use nonce; turns a signed one into a session after checking
 * it field by field against what was issued and its signature on the message's chain; serves the sessions to
 * their bearer tokens. Everything lives in the database, so any instance serves any step.
 */
export class SiwxService {
  /** The clock of expiries; tests replace it to step past them. */
  now: () => number = Date.now
  private readonly timer: NodeJS.Timeout

  constructor(
    private readonly db: Db,
    private readonly chains: SiwxChains,
    private readonly log: FastifyBaseLogger,
  ) {
    this.timer = setInterval(() => this.purge(), PURGE_MS)
    this.timer.unref()
  }

  /**
   * Sign-in, step 1 (apps/cloud/README.md#sign-in-with-the-wallet): the fields of a new message, its nonce stored for
   * NONCE_TTL_MS.
   */
  async issue(to: SignInRequest, request: SiwxMessageRequest): Promise<SiwxMessage> {
    const chainId = servedChain(this.chains, request.chainId)
    const now = this.now()
    await this.makeRoomForNonce(to, now)
    const fields: SiwxMessage = {
      chainId,
      domain: to.domain,
      uri: to.origin,
      version: SIWX_VERSION,
      nonce: newNonce(),
      statement: SIWX_STATEMENT,
      resources: [],
      requestId: randomUUID(),
      issuedAt: iso(now),
      expirationTime: iso(now + SESSION_MAX_TTL_MS),
      notBefore: iso(now),
    }
    await this.db.insert(nonces).values({
      nonce: fields.nonce,
      projectId: to.projectId,
      clientKey: to.clientKey,
      origin: to.origin,
      accountAddress: request.accountAddress === '' ? null : accountOf(request.accountAddress),
      fields,
      issuedAt: now,
      expiresAt: now + NONCE_TTL_MS,
    })
    return fields
  }

  /**
   * A signed message becomes a session. Its nonce is used up by the first attempt that names it, whatever
   * the outcome: a signature is never checked twice against one nonce, and a replay always finds it gone.
   */
  async signIn(from: SignInRequest, request: SiwxSessionRequest): Promise<SiwxSessionCreated> {
    const signed = readSignedMessage(request.message)
    if (!signed) throw new SiwxError('invalidMessage')
    const [row] = await this.db
      .delete(nonces)
      .where(and(eq(nonces.nonce, signed.nonce), eq(nonces.projectId, from.projectId)))
      .returning()
    if (!row) throw new SiwxError('invalidNonce')
    const now = this.now()
    if (row.expiresAt <= now) throw new SiwxError('expired')
    const issued = row.fields
    const scheme = new URL(row.origin).protocol.slice(0, -1)
    if (
      row.origin !== from.origin ||
      signed.domain !== issued.domain ||
      signed.uri !== issued.uri ||
      (signed.scheme !== undefined && signed.scheme !== scheme)
    )
      throw new SiwxError('domainMismatch')
    const chainId = servedChain(this.chains, issued.chainId)
    if (
      !this.isAsIssued(signed, issued, chainId, now) ||
      (row.accountAddress !== null && !sameAccount(row.accountAddress, signed.address))
    )
      throw new SiwxError('messageMismatch')
    if (!inEffect(signed, now)) throw new SiwxError('expired')
    const { address } = signed
    const valid =
      signed.namespace === 'solana'
        ? this.chains.verifySolana(address, request.message, request.signature)
        : await this.chains.verify(
            Number(chainId.split(':')[1]),
            address as Address,
            request.message,
            request.signature as Hex,
          )
    if (!valid) throw new SiwxError('invalidSignature')
    return this.startSession(from.projectId, address, issued, request)
  }

  /** The live session of a bearer token in a project; SiwxError('sessionNotLive') otherwise. */
  async session(projectId: string, token: string | undefined): Promise<LiveSiwxSession> {
    if (!token || !TOKEN_PATTERN.test(token)) throw new SiwxError('sessionNotLive')
    const [row] = await this.db
      .select({ id: sessions.id, projectId: sessions.projectId, address: sessions.address })
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, sha256(token)),
          eq(sessions.projectId, projectId),
          gt(sessions.expiresAt, this.now()),
        ),
      )
    if (!row) throw new SiwxError('sessionNotLive')
    return row
  }

  /** The live sessions of the session's account in its project, newest first. */
  async list(live: LiveSiwxSession): Promise<SiwxSessionEntry[]> {
    const rows = await this.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.projectId, live.projectId),
          eq(sessions.address, live.address),
          gt(sessions.expiresAt, this.now()),
        ),
      )
      .orderBy(desc(sessions.createdAt))
    return rows.map((row) => ({
      id: row.id,
      data: row.data,
      message: row.message,
      signature: row.signature,
      ...(row.cacao ? { cacao: row.cacao } : {}),
      createdAt: iso(row.createdAt),
      expiresAt: iso(row.expiresAt),
      current: row.id === live.id,
    }))
  }

  /** Ends one session of the same account (the caller's own: sign-out); 404 for any other id. */
  async revoke(live: LiveSiwxSession, id: string): Promise<void> {
    const ended = await this.db
      .delete(sessions)
      .where(
        and(eq(sessions.id, id), eq(sessions.projectId, live.projectId), eq(sessions.address, live.address)),
      )
      .returning({ id: sessions.id })
    if (ended.length === 0) throw new NotFoundError(SIWX_TEXTS.sessionNotFound)
  }

  /** The holders' area: the account's passes counted on chain now; no content without one. */
  async holdersArea(live: LiveSiwxSession) {
    // The pass is an EVM token: a Solana account holds none.
    const passes = isAddress(live.address) ? await this.chains.passesOf(live.address) : 0
    return { address: live.address, passes, content: passes === 0 ? null : HOLDERS_AREA_CONTENT }
  }

  close(): void {
    clearInterval(this.timer)
  }

  /** Every field but the account is the issued one (the text may format them its own way). */
  private isAsIssued(signed: SignedMessage, issued: SiwxMessage, chainId: string, now: number) {
    const { resources } = signed
    return (
      signed.version === issued.version &&
      signed.chainId === chainId &&
      signed.statement === issued.statement &&
      signed.requestId === issued.requestId &&
      resources.length === issued.resources.length &&
      resources.every((resource, i) => resource === issued.resources[i]) &&
      signedWhileIssued(signed.issuedAt, issued.issuedAt, now) &&
      sameTime(signed.expirationTime, issued.expirationTime) &&
      sameTime(signed.notBefore, issued.notBefore)
    )
  }

  private async startSession(
    projectId: string,
    address: string,
    issued: SiwxMessage,
    { message, signature, cacao }: SiwxSessionRequest,
  ): Promise<SiwxSessionCreated> {
    const now = this.now()
    const expiresAt = Math.min(Date.parse(issued.expirationTime), now + SESSION_MAX_TTL_MS)
    const data: SiwxMessageData = { ...issued, accountAddress: address }
    const token = newToken()
    const id = randomUUID()
    await this.endOldestSessions(projectId, address, now)
    await this.db.insert(sessions).values({
      id,
      tokenHash: sha256(token),
      projectId,
      address,
      data,
      message,
      signature,
      cacao: cacao ?? null,
      createdAt: now,
      expiresAt,
    })
    return {
      id,
      token,
      expiresAt: iso(expiresAt),
      session: { data, message, signature, ...(cacao ? { cacao } : {}) },
    }
  }

  /** Keeps the client under NONCES_PER_CLIENT (its oldest go) and the project under NONCES_PER_PROJECT (429). */
  private async makeRoomForNonce({ projectId, clientKey }: SignInRequest, now: number): Promise<void> {
    const live = gt(nonces.expiresAt, now)
    const clientNonces = and(eq(nonces.projectId, projectId), eq(nonces.clientKey, clientKey), live)
    const [mine] = await this.db.select({ n: count() }).from(nonces).where(clientNonces)
    const extra = (mine?.n ?? 0) - NONCES_PER_CLIENT + 1
    if (extra > 0) {
      const oldest = this.db
        .select({ nonce: nonces.nonce })
        .from(nonces)
        .where(clientNonces)
        .orderBy(asc(nonces.issuedAt))
        .limit(extra)
      await this.db.delete(nonces).where(inArray(nonces.nonce, oldest))
    }
    const [project] = await this.db
      .select({ n: count(), first: min(nonces.expiresAt) })
      .from(nonces)
      .where(and(eq(nonces.projectId, projectId), live))
    if ((project?.n ?? 0) >= NONCES_PER_PROJECT)
      throw new TooManyRequestsError(Math.max(1, Math.ceil((Number(project?.first) - now) / 1000)))
  }

  /** Keeps the account under SESSIONS_PER_ACCOUNT live sessions in the project: its oldest end. */
  private async endOldestSessions(projectId: string, address: string, now: number): Promise<void> {
    const accountSessions = and(
      eq(sessions.projectId, projectId),
      eq(sessions.address, address),
      gt(sessions.expiresAt, now),
    )
    const [live] = await this.db.select({ n: count() }).from(sessions).where(accountSessions)
    const extra = (live?.n ?? 0) - SESSIONS_PER_ACCOUNT + 1
    if (extra <= 0) return
    const oldest = this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(accountSessions)
      .orderBy(asc(sessions.createdAt))
      .limit(extra)
    await this.db.delete(sessions).where(inArray(sessions.id, oldest))
  }

  private purge(): void {
    const now = this.now()
    Promise.all([
      this.db.delete(nonces).where(lte(nonces.expiresAt, now)),
      this.db.delete(sessions).where(lte(sessions.expiresAt, now)),
    ]).catch((error: unknown) => {
      this.log.warn({ err: error }, 'sign-in purge failed')
    })
  }
}
