import { isOriginAllowed } from '@allaccess/protocol'
import type { FastifyBaseLogger } from 'fastify'
import type { ProjectStore } from '../projects/index.js'
import type { AttestationSigner, PublicJwk } from './signer.js'
import type { AttestationStore } from './store.js'

/** How long an attestation holds: a session proposal (and a request) lives 5 minutes in the clients. */
export const ATTESTATION_TTL_SECONDS = 300
/** Attestations kept per registering client address (its oldest are dropped first). */
export const MAX_ATTESTATIONS_PER_CLIENT = 100
/** How long wallets may keep the public key before fetching it again. */
export const PUBLIC_KEY_TTL_SECONDS = 86_400
/** How often expired attestations are deleted. */
const PURGE_MS = 60_000

/** What an attestation JWT says (the claims WalletConnect's clients read). */
export type AttestationClaims = {
  id: string
  origin: string
  isScam: false
  isVerified: boolean
  exp: number
}

export type Registration = { projectId: string; origin: string; id: string; client: string }

/**
 * WalletConnect Verify for the relay's clients: a dapp's page registers the hash of each proposal or
 * request it sends, from its real origin; wallets check the signed attestation (v3) or look the hash up
 * (v2). "Verified" means the origin is on the named project's allowlist.
 */
export class VerifyService {
  private readonly timer: NodeJS.Timeout

  constructor(
    private readonly signer: AttestationSigner,
    private readonly store: AttestationStore,
    private readonly projects: ProjectStore,
    private readonly log: FastifyBaseLogger,
  ) {
    this.timer = setInterval(() => this.purge(), PURGE_MS)
    this.timer.unref()
  }

  /** The public key with its expiry (epoch seconds), as the clients cache it. */
  publicKey(nowMs: number): { publicKey: PublicJwk; expiresAt: number } {
    return { publicKey: this.signer.publicJwk, expiresAt: Math.floor(nowMs / 1000) + PUBLIC_KEY_TTL_SECONDS }
  }

  /** Stores the registration and returns its signed attestation (a JWT). */
  async register({ projectId, origin, id, client }: Registration, nowMs: number): Promise<string> {
    const project = await this.projects.find(projectId)
    const isVerified = project !== undefined && isOriginAllowed(project.allowedOrigins, origin)
    const exp = Math.floor(nowMs / 1000) + ATTESTATION_TTL_SECONDS
    await this.store.insert({
      id,
      origin,
      projectId,
      isVerified,
      client,
      createdAt: nowMs,
      expiresAt: exp * 1000,
    })
    const claims: AttestationClaims = { id, origin, isScam: false, isVerified, exp }
    return this.signer.sign(claims)
  }

  /** A registration by message hash (v2 lookups); only verified origins are vouched for. */
  async lookup(id: string, nowMs: number): Promise<{ origin: string; isScam: false } | undefined> {
    const found = await this.store.find(id, nowMs)
    return found?.isVerified ? { origin: found.origin, isScam: false } : undefined
  }

  close(): void {
    clearInterval(this.timer)
  }

  private purge(): void {
    this.store.purgeExpired(Date.now()).catch((error: unknown) => {
      this.log.warn({ err: error }, 'verify purge failed')
    })
  }
}
