import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/index.js'
import type { ProjectStore } from '../projects/index.js'
import { MAX_ATTESTATIONS_PER_CLIENT, VerifyService } from './service.js'
import { AttestationSigner } from './signer.js'
import { AttestationStore } from './store.js'

/** The Verify service over the database (its signing key and attestations). */
export async function openVerify(
  db: Db,
  projects: ProjectStore,
  log: FastifyBaseLogger,
): Promise<VerifyService> {
  const signer = await AttestationSigner.open(db)
  return new VerifyService(signer, new AttestationStore(db, MAX_ATTESTATIONS_PER_CLIENT), projects, log)
}
