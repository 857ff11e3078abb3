import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm'
import type { Db } from '../db/index.js'
import { verifyAttestations } from './tables.js'

export type Attestation = {
  id: string
  origin: string
  projectId: string
  isVerified: boolean
  client: string
  createdAt: number
  expiresAt: number
}

/** Attestations in the database, each client keeping at most `perClient` (its oldest go first). */
export class AttestationStore {
  constructor(
    private readonly db: Db,
    private readonly perClient: number,
  ) {}

  async insert(attestation: Attestation): Promise<void> {
    const { id, ...rest } = attestation
    await this.db
      .insert(verifyAttestations)
      .values(attestation)
      .onConflictDoUpdate({ target: verifyAttestations.id, set: rest })
    const kept = await this.db
      .select({ id: verifyAttestations.id })
      .from(verifyAttestations)
      .where(eq(verifyAttestations.client, attestation.client))
      .orderBy(asc(verifyAttestations.createdAt))
    const excess = kept.slice(0, Math.max(0, kept.length - this.perClient)).map((row) => row.id)
    if (excess.length > 0)
      await this.db.delete(verifyAttestations).where(inArray(verifyAttestations.id, excess))
  }

  /** The unexpired attestation with this id. */
  async find(id: string, now: number): Promise<Attestation | undefined> {
    const [row] = await this.db
      .select()
      .from(verifyAttestations)
      .where(and(eq(verifyAttestations.id, id), gt(verifyAttestations.expiresAt, now)))
    return row
  }

  async purgeExpired(now: number): Promise<void> {
    await this.db.delete(verifyAttestations).where(lte(verifyAttestations.expiresAt, now))
  }
}
