import { randomUUID } from 'node:crypto'
import type { EmailConnectAction, EmbeddedUser, IdentityProvider } from '@allaccess/protocol'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/index.js'
import type { DeviceApprovals, DeviceOrigin } from './approvals.js'
import type { DeviceBinding, DeviceProofs, SessionAuth } from './device-proof.js'
import { EmbeddedError } from './errors.js'
import type { OneTimeCodes } from './one-time-codes.js'
import type { EmbeddedSessions } from './sessions.js'
import { embeddedCodes as codes, embeddedIdentities as identities, embeddedUsers as users } from './tables.js'
import { emailUser, normalise, userByEmail } from './users.js'

/** An identity as its provider vouches for it: `subject` is stable, `username` may change. */
export type Identity = { provider: IdentityProvider; subject: string; username: string }

/** What a verified sign-in code gives: a session, or (a known user's new device) the approval's ticket. */
export type SignInResult =
  | { sessionToken: string; user: EmbeddedUser }
  | { action: 'VERIFY_DEVICE'; ticket: string }

/**
 * Who a sign-in code is for: the device id and the device key that asked for it. Only a request proven by that key
 * uses it, so a code read off the host page is worth nothing to a script there (docs/embedded-wallet.md#sign-in-binding).
 */
const signInSubject = (deviceId: string, binding: DeviceBinding) => `${deviceId}.${binding.deviceKey}`

/** The sign-ins that start a session: e-mail with a one-time code, or an identity its provider vouches for. */
export class SignIns {
  constructor(
    private readonly db: Db,
    private readonly proofs: DeviceProofs,
    private readonly codes: OneTimeCodes,
    private readonly sessions: EmbeddedSessions,
    private readonly approvals: DeviceApprovals,
    private readonly now: () => number,
  ) {}

  /**
   * E-mail connect (docs/embedded-wallet.md#sign-in): CONNECT when `auth` is a live session of this e-mail on this
   * device, proven by its device key; else VERIFY_OTP and a code is e-mailed, whether or not the address has an
   * account (the answer must not tell). A known user's new device learns of its approval step only once its code
   * is verified.
   */
  async connect(email: string, deviceId: string, auth: SessionAuth, ip: string): Promise<EmailConnectAction> {
    const address = normalise(email)
    const binding = await this.proofs.bind(auth.proof, auth.projectId)
    const session = auth.token ? await this.sessions.live(auth.token) : undefined
    if (
      session &&
      session.projectId === binding.projectId &&
      session.deviceKey === binding.deviceKey &&
      session.email === address &&
      session.deviceId === deviceId
    )
      return 'CONNECT'
    await this.codes.send(address, 'sign-in', signInSubject(deviceId, binding), ip, binding.deviceKey)
    return 'VERIFY_OTP'
  }

  /**
   * Checks a sign-in code. A new user, or a known device: the device becomes known and a session bound to
   * `binding` starts. A known user's new device: an approval link is e-mailed (naming `origin`), and VERIFY_DEVICE
   * with its ticket.
   */
  async verify(
    email: string,
    deviceId: string,
    otp: string,
    origin: DeviceOrigin,
    binding: DeviceBinding,
  ): Promise<SignInResult> {
    const address = normalise(email)
    const subject = signInSubject(deviceId, binding)
    await this.codes.consume(eq(codes.email, address), 'sign-in', subject, otp, binding.deviceKey)
    const created = await this.db
      .insert(users)
      .values({ id: randomUUID(), email: address, createdAt: this.now() })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id })
    const user = await userByEmail(this.db, address)
    if (!user) throw new EmbeddedError('expiredCode')
    if (created.length === 0 && !(await this.sessions.isKnownDevice(user.id, deviceId)))
      return {
        action: 'VERIFY_DEVICE',
        ticket: await this.approvals.send(user.id, address, deviceId, origin, binding),
      }
    // A new user's device, or a known one: the code is the proof; only a device new to the user is granted.
    const sessionToken = await this.sessions.start(user.id, deviceId, binding, true)
    return { sessionToken, user: emailUser(address, user.address) }
  }

  /**
   * Signs in the user of an identity, vouched for by its provider (a social provider's verified tokens, a
   * Farcaster signature): the user is created on the first sign-in, the username kept current, the device becomes
   * known and a session starts. The provider's sign-in is the proof of who it is, never of the device: the session
   * enrols nothing by itself, so a new device of an existing wallet is approved by a device that holds it (or
   * recovers after the delay) before it gets the key (docs/embedded-wallet.md#new-device-approval).
   */
  async withIdentity(
    identity: Identity,
    deviceId: string,
    binding: DeviceBinding,
  ): Promise<{ sessionToken: string; user: EmbeddedUser }> {
    const now = this.now()
    const [known] = await this.db
      .update(identities)
      .set({ username: identity.username })
      .where(and(eq(identities.provider, identity.provider), eq(identities.subject, identity.subject)))
      .returning({ userId: identities.userId })
    let userId = known?.userId
    if (!userId) {
      const created = randomUUID()
      // Two first sign-ins at once: one user wins, the other's row goes with it.
      await this.db.transaction(async (tx) => {
        await tx.insert(users).values({ id: created, email: null, createdAt: now })
        await tx
          .insert(identities)
          .values({ ...identity, userId: created, createdAt: now })
          .onConflictDoNothing()
      })
      const [row] = await this.db
        .select({ userId: identities.userId })
        .from(identities)
        .where(and(eq(identities.provider, identity.provider), eq(identities.subject, identity.subject)))
      if (row?.userId !== created) await this.db.delete(users).where(eq(users.id, created))
      userId = row?.userId ?? created
    }
    const [user] = await this.db.select({ address: users.address }).from(users).where(eq(users.id, userId))
    const sessionToken = await this.sessions.start(userId, deviceId, binding, false)
    return {
      sessionToken,
      user: {
        email: null,
        address: user?.address ?? null,
        provider: identity.provider,
        username: identity.username,
      },
    }
  }
}
