import type { EnrolResponse, KeyShares, StoredShares } from '@allaccess/protocol'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { getAddress } from 'viem'
import { normaliseAddress } from '../account/index.js'
import type { Db } from '../db/index.js'
import { sealShare } from './device-proof.js'
import type { DeviceEnrolments } from './enrolment.js'
import { EmbeddedError } from './errors.js'
import type { Secrets } from './secrets.js'
import { embeddedSessions as sessions, embeddedUsers as users } from './tables.js'

/** The session a share request comes with (a LiveSession). */
type Session = { tokenHash: string; userId: string; deviceKey: string }

/**
 * The two shares the cloud keeps (docs/embedded-wallet.md#keys). A known device gets the auth share only: its own
 * device share completes the key. The recovery share leaves only for a device enrolment — the session's one-time
 * grant (a sign-in on a new device, or a fresh re-authentication) — sealed to a key that device made for it.
 */
export class EmbeddedShares {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly enrolled: DeviceEnrolments,
    private readonly now: () => number,
  ) {}

  /**
   * Stores the wallet's address and two shares, once per user: never replaced (409). The device that made the
   * wallet holds its own share: its session's grant is spent. The stored address.
   */
  async store(session: Session, shares: KeyShares): Promise<string> {
    const sealed = this.secrets.encrypt(shares.recoveryShare, session.userId)
    const address = getAddress(normaliseAddress(shares.address))
    const stored = await this.db
      .update(users)
      .set({ address, authShare: shares.authShare, recoveryShare: sealed })
      .where(and(eq(users.id, session.userId), isNull(users.address)))
      .returning({ id: users.id })
    if (stored.length === 0) throw new EmbeddedError('walletExists')
    await this.db.update(sessions).set({ enrolUntil: null }).where(eq(sessions.tokenHash, session.tokenHash))
    await this.enrolled.markEnrolled(session.userId, session.deviceKey)
    return address
  }

  /** The auth share, for a device that holds its own share; `{ address: null }` before there is a wallet. */
  async authShare(session: Session): Promise<StoredShares> {
    const [user] = await this.db.select().from(users).where(eq(users.id, session.userId))
    if (!user?.address || !user.authShare) return { address: null }
    return { address: user.address, authShare: user.authShare }
  }

  /**
   * The enrolment: the session's grant used up (once), the auth share and the recovery share sealed to
   * `enrolKey`. EmbeddedError('notEnrolled') without a live grant; the cloud never answers the recovery share in the clear.
   */
  async enrol(session: Session, enrolKey: string): Promise<EnrolResponse> {
    const wallet = await this.wallet(session)
    const recoveryShare = sealShare(
      this.secrets.decrypt(wallet.recoveryShare, session.userId),
      enrolKey,
      wallet.address,
    )
    if (!recoveryShare) throw new EmbeddedError('enrolKeyNotP256')
    const granted = await this.db
      .update(sessions)
      .set({ enrolUntil: null })
      .where(and(eq(sessions.tokenHash, session.tokenHash), gt(sessions.enrolUntil, this.now())))
      .returning({ tokenHash: sessions.tokenHash })
    if (granted.length === 0) throw new EmbeddedError('notEnrolled')
    await this.enrolled.markEnrolled(session.userId, session.deviceKey)
    return { address: wallet.address, authShare: wallet.authShare, recoveryShare }
  }

  private async wallet(session: Session) {
    const [user] = await this.db.select().from(users).where(eq(users.id, session.userId))
    if (!user?.address || !user.authShare || !user.recoveryShare) throw new EmbeddedError('noWallet')
    return { address: user.address, authShare: user.authShare, recoveryShare: user.recoveryShare }
  }
}
