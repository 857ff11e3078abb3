// Long because keys, session, e-mail and social flows still share one closure; issue 32 splits it by concern
// (keys, session, approvals) once the custody work has landed.
import {
  type EmailConnectAction,
  type EmbeddedUser,
  type IdentityProvider,
  type NewDevice,
  newEnrolmentKey,
  type OtpAction,
  openSealedShare,
  SOCIAL_TEXTS,
  type SocialProvider,
  type UpdateEmailAction,
} from '@allaccess/protocol'
import type { Hex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { type CloudApi, CloudError } from './cloudApi'
import { type ShowWaiting, waitForEnrolment, watchNewDevices } from './deviceApproval'
import { createFarcasterWallet } from './farcasterWallet'
import { interactiveWait } from './interactiveWait'
import { createSplitKey, rebuildKey, ShareMismatchError } from './keys'
import { NotSignedInError } from './notSignedIn'
import { solanaAccountFor } from './solana/keys'
import { shareKey, type Vault } from './vault'

/** Who signed in: an e-mail, or an identity provider's user (`provider`, `username`). */
type Who = { email: string | null; provider: IdentityProvider | null; username: string | null }
/** The signed-in wallet as the frame holds it: the key only ever in this object's memory. */
type Unlocked = Who & { account: PrivateKeyAccount; key: Hex }
/** Sessions stored before social login have only `email`. */
type StoredSession = {
  token: string
  email: string | null
  provider?: IdentityProvider | null
  username?: string | null
}

const whoOf = (session: StoredSession): Who => ({
  email: session.email,
  provider: session.provider ?? null,
  username: session.username ?? null,
})
const storedOf = (token: string, user: EmbeddedUser): StoredSession => ({
  token,
  email: user.email,
  provider: user.provider,
  username: user.username,
})

export { NotSignedInError }

/** The popup closed (or the time ran out) before the provider sent the user back. */
export class SocialNotFinishedError extends Error {
  override name = 'SocialNotFinishedError'
  constructor() {
    super(SOCIAL_TEXTS.pending)
  }
}

/** A social result route's answer: its status, and for a refusal the cloud's code and text. */
type SocialAnswer = { status: string; message?: string }

/**
 * The answer's status; a refusal (the provider's no, another account) thrown as its text, as the cloud's other
 * refusals are (it answers it as a status, so a closed popup's last look is no failed request in the console).
 */
function statusOf(answer: SocialAnswer): string {
  if (answer.status === 'refused') throw new CloudError(answer.message ?? SOCIAL_TEXTS.providerRefused, 400)
  return answer.status
}

/** Raised when the key export is asked for without a fresh re-authentication (the cloud says whether it is). */
export class ExportNotAllowedError extends Error {
  override name = 'ExportNotAllowedError'
}

/** What the export says when the cloud does not hold the session fresh (never re-authenticated, or too long ago). */
export const EXPORT_NOT_FRESH_TEXT = 'Prove it is you again to show the key: start the export again.'
/** A session without a way to prove itself again: neither an e-mail nor an identity provider's user. */
export const EXPORT_UNAVAILABLE_TEXT = 'Key export is not available for this wallet.'

/** How the export screen starts step 1: the host page's origin, and where a Farcaster user's link is shown. */
export type ExportStart = { hostOrigin: string; showLink(url: string): void; signal?: AbortSignal }

/** A social attempt in flight: a sign-in, or the re-authentication of the session before a key export. */
type SocialAttempt = { secret: string; stop: AbortController; reauth: boolean; completion?: string }

const DEVICE_ID_BYTES = 24
/** How long the frame still waits for the callback page's code after the host saw the popup close. */
const POPUP_CLOSED_GRACE_MS = 1000
/** How long a verified social sign-in waits for the code the callback page posts to the frame. */
const SOCIAL_COMPLETION_WAIT_MS = 10_000
/** After the export screen's Try again, how long the frame waits for the host to open the provider's popup again. */
const REAUTH_REOPEN_WAIT_MS = 10_000

/** Resolves after `ms`, or at once when `signal` aborts. */
const abortableDelay = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })

/**
 * The embedded wallet inside the frame (docs/embedded-wallet.md): sign-in with a one-time code (and, on a new device,
 * the approval link) or with a social provider, the key rebuilt from two of its three shares, e-mail update and
 * sign-out. The session token, the device share and the key stay here; the host only ever hears addresses, actions
 * and results.
 */
export function createWallet({
  cloud,
  vault,
  now = Date.now,
  sessionEnded = async () => {},
  showWaiting = () => ({ update() {}, close() {} }),
}: {
  cloud: CloudApi
  vault: Vault
  now?: () => number
  /** The screen of this device while it waits for its approval (a new device of an existing wallet). */
  showWaiting?: ShowWaiting
  /** What else ends with the session (signed out, or refused by the cloud): the permissions granted in it. */
  sessionEnded?: () => Promise<void>
}) {
  let pendingEmail: string | undefined
  /** The ticket a new device's verified code gave: the device's approval gives its session to it, once. */
  let pendingTicket: string | undefined
  /**
   * The social sign-in in flight: its secret, and the completion code once the host passed it. `stop` ends its
   * wait: the code came, or the host saw the popup close.
   */
  let pendingSocial: SocialAttempt | undefined
  /** Exports waiting for the host to start a re-authentication (the export screen's Try again asked it to). */
  const reauthWaiters: ((attempt: SocialAttempt) => void)[] = []

  /** The next re-authentication the host starts, for at most REAUTH_REOPEN_WAIT_MS; else not finished. */
  function nextReauthAttempt(aborted: AbortSignal): Promise<SocialAttempt> {
    const waiting = AbortSignal.any([aborted, AbortSignal.timeout(REAUTH_REOPEN_WAIT_MS)])
    return new Promise<SocialAttempt>((resolve, reject) => {
      const give = (attempt: SocialAttempt) => {
        waiting.removeEventListener('abort', stop)
        resolve(attempt)
      }
      function stop() {
        const index = reauthWaiters.indexOf(give)
        if (index >= 0) reauthWaiters.splice(index, 1)
        reject(new SocialNotFinishedError())
      }
      if (waiting.aborted) return reject(new SocialNotFinishedError())
      waiting.addEventListener('abort', stop, { once: true })
      reauthWaiters.push(give)
    })
  }
  let unlocked: Unlocked | undefined
  let unlocking: Promise<Unlocked> | undefined

  async function deviceId(): Promise<string> {
    const stored = await vault.get<string>('deviceId')
    if (stored) return stored
    const bytes = crypto.getRandomValues(new Uint8Array(DEVICE_ID_BYTES))
    const created = btoa(String.fromCharCode(...bytes))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replaceAll('=', '')
    await vault.set('deviceId', created)
    return created
  }

  const storedSession = () => vault.get<StoredSession>('session')

  async function signedIn(): Promise<StoredSession> {
    const session = await storedSession()
    if (!session) throw new NotSignedInError()
    return session
  }

  /** A refused session (revoked, expired) ends here too: the frame forgets it. */
  async function withSession<T>(act: (session: StoredSession) => Promise<T>): Promise<T> {
    const session = await signedIn()
    try {
      return await act(session)
    } catch (error) {
      if (error instanceof CloudError && error.status === 401) await forget()
      throw error
    }
  }

  async function forget() {
    unlocked = undefined
    unlocking = undefined
    await vault.delete('session')
    await sessionEnded()
  }

  /**
   * The wallet's key, in memory: created and split on a new user's first sign-in; else rebuilt from this device's
   * share and the auth share, or on a device without a share (or a stale one) enrolled: the auth and recovery
   * shares, the latter sealed to a key made here for it, once, after which this device keeps the recovery share as
   * its own (docs/embedded-wallet.md#keys).
   */
  function unlock(): Promise<Unlocked> {
    if (unlocked) return Promise.resolve(unlocked)
    unlocking ??= withSession(async (session) => {
      const key = await loadKey(session.token)
      unlocked = { ...whoOf(session), key, account: privateKeyToAccount(key) }
      return unlocked
    }).finally(() => {
      unlocking = undefined
    })
    return unlocking
  }

  async function loadKey(token: string): Promise<Hex> {
    const shares = await cloud.shares(token)
    if (shares.address === null) return createKey(token)
    const { address, authShare } = shares
    const deviceShare = await vault.get<Hex>(shareKey(address))
    if (deviceShare) {
      try {
        return await rebuildKey([deviceShare, authShare as Hex], address)
      } catch (error) {
        if (!(error instanceof ShareMismatchError)) throw error
      }
    }
    return enrol(token)
  }

  /**
   * This device's enrolment, once it is granted: at once after a sign-in that enrols (a code, an approval link), or
   * a fresh re-authentication of a device that held the wallet; else after a device that holds the wallet approves
   * this one, or its recovery's delay (docs/embedded-wallet.md#new-device-approval).
   */
  async function enrol(token: string): Promise<Hex> {
    await waitForEnrolment(cloud, token, showWaiting)
    const { enrolKey, privateKey } = await newEnrolmentKey()
    const enrolment = await cloud.enrol(token, enrolKey)
    const recoveryShare = (await openSealedShare(privateKey, enrolment)) as Hex
    const key = await rebuildKey([enrolment.authShare as Hex, recoveryShare], enrolment.address)
    await vault.set(shareKey(enrolment.address), recoveryShare)
    return key
  }

  async function createKey(token: string): Promise<Hex> {
    const split = await createSplitKey()
    // The device share first: a wallet whose shares the cloud holds but no device does would need recovery.
    await vault.set(shareKey(split.address), split.deviceShare)
    try {
      await cloud.storeShares(token, {
        address: split.address,
        authShare: split.authShare,
        recoveryShare: split.recoveryShare,
      })
    } catch (error) {
      await vault.delete(shareKey(split.address))
      // Another tab of this user stored its wallet first: that one is the wallet.
      if (error instanceof CloudError && error.status === 409) return loadKey(token)
      throw error
    }
    return rebuildKey([split.deviceShare, split.authShare], split.address)
  }

  /**
   * Waits for the provider to send the popup back to the cloud (`poll`: a long poll of up to 25 s; a refusal
   * ends it), then for the completion code the callback page posted to the host: that code. The host passes the
   * code on before it closes the popup, so a finished sign-in is never taken for a closed popup. Bounded by the
   * spec's 120 s like the host's request.
   */
  async function socialCompletion(
    attempt: SocialAttempt,
    aborted: AbortSignal,
    poll: (request: { secret: string; wait: boolean }, signal?: AbortSignal) => Promise<SocialAnswer>,
  ): Promise<string> {
    const waiting = interactiveWait(aborted, attempt.stop.signal)
    try {
      let status = 'pending'
      while (status === 'pending' && !waiting.aborted) {
        status = await poll({ secret: attempt.secret, wait: true }, waiting).then(
          (answer) => statusOf(answer),
          (error: unknown) => {
            if (waiting.aborted) return status
            throw error
          },
        )
      }
      // Verified: the code is on its way (the callback page posted it as it loaded).
      if (status === 'ready') await abortableDelay(SOCIAL_COMPLETION_WAIT_MS, waiting)
    } finally {
      if (pendingSocial === attempt) pendingSocial = undefined
    }
    aborted.throwIfAborted()
    if (attempt.completion !== undefined) return attempt.completion
    // The popup closed without a code: the provider's refusal (another account, say) if it came, is the reason.
    statusOf(await poll({ secret: attempt.secret, wait: false }))
    throw new SocialNotFinishedError()
  }

  /** A session the cloud gave for a sign-in: kept in the vault; the key is unlocked for it anew. */
  async function adopt(sessionToken: string, user: EmbeddedUser): Promise<Who> {
    unlocked = undefined
    const stored = storedOf(sessionToken, user)
    await vault.set('session', stored)
    return whoOf(stored)
  }

  /**
   * Waits for the device's approval (each cloud call holds up to 25 s), then keeps the session it gives. Bounded
   * by the spec's 120 s like the host's request, so a host that gave up leaves no wait running here.
   */
  async function approvedSession(ticket: string, aborted: AbortSignal): Promise<void> {
    const request = { deviceId: await deviceId(), ticket }
    const signal = interactiveWait(aborted)
    while (!signal.aborted) {
      const answer = await cloud.waitForDevice(request, signal)
      if (answer.approved) {
        pendingEmail = pendingTicket = undefined
        await adopt(answer.sessionToken, answer.user)
        return
      }
    }
    signal.throwIfAborted()
  }

  const farcaster = createFarcasterWallet({ cloud, deviceId, adopt })

  return {
    farcasterUri: farcaster.farcasterUri,
    connectFarcaster: farcaster.connectFarcaster,
    completeFarcaster: farcaster.completeFarcaster,

    async connectEmail(email: string): Promise<EmailConnectAction> {
      const session = await storedSession()
      const token = session?.email === email.toLowerCase() ? session.token : undefined
      const { action } = await cloud.connect({ email, deviceId: await deviceId() }, token)
      pendingEmail = email
      pendingTicket = undefined
      return action
    },

    /** Waits for the approval of a known user's new device, whose code was verified (connectOtp does). */
    async connectDevice(aborted: AbortSignal): Promise<void> {
      if (!pendingTicket) throw new NotSignedInError()
      await approvedSession(pendingTicket, aborted)
    },

    /** The code: signed in (CONNECT), or a known user's new device waits for its approval (VERIFY_DEVICE). */
    async connectOtp(otp: string): Promise<OtpAction> {
      if (!pendingEmail) throw new NotSignedInError()
      const answer = await cloud.verify({ email: pendingEmail, deviceId: await deviceId(), otp })
      if ('action' in answer) {
        pendingTicket = answer.ticket
        return answer.action
      }
      await adopt(answer.sessionToken, answer.user)
      pendingEmail = undefined
      return 'CONNECT'
    },

    /**
     * getSocialRedirectUri (docs/embedded-wallet.md#social-login): a new attempt in the cloud; the frame keeps its
     * secret. `hostOrigin` is the page that opens the popup: the cloud's callback posts the completion code to that
     * origin only.
     */
    async socialRedirectUri(provider: SocialProvider, hostOrigin: string): Promise<string> {
      const { uri, secret } = await cloud.socialStart({ provider, deviceId: await deviceId(), hostOrigin })
      pendingSocial?.stop.abort()
      pendingSocial = { secret, stop: new AbortController(), reauth: false }
      return uri
    },

    /**
     * connectSocial (docs/embedded-wallet.md#social-login): the popup's sign-in finished, the session it gave is
     * kept.
     */
    async connectSocial(aborted: AbortSignal): Promise<Who> {
      const attempt = pendingSocial
      if (!attempt || attempt.reauth) throw new NotSignedInError()
      const completion = await socialCompletion(attempt, aborted, cloud.socialResult)
      const result = await cloud.socialResult({ secret: attempt.secret, wait: false, completion })
      if (result.status !== 'done') throw new SocialNotFinishedError()
      return adopt(result.sessionToken, result.user)
    },

    /**
     * Before a social user's key export: a re-authentication of the session at its provider, in the popup the
     * host opens at this address (the popup on `hostOrigin`, as for a sign-in).
     */
    socialReauthUri: (hostOrigin: string): Promise<string> =>
      withSession(async ({ token }) => {
        const { uri, secret } = await cloud.socialReauthStart(token, hostOrigin)
        pendingSocial?.stop.abort()
        pendingSocial = { secret, stop: new AbortController(), reauth: true }
        for (const waiter of reauthWaiters.splice(0)) waiter(pendingSocial)
        return uri
      }),

    /** The completion code the callback page posted to the frame: the waiting connectSocial takes the session. */
    completeSocial(completion: string): void {
      if (!pendingSocial) return
      pendingSocial.completion = completion
      pendingSocial.stop.abort()
    },

    /**
     * The host saw the popup close: the waiting connectSocial stops, and fails unless the code came. The callback
     * page closes itself just after posting its code to the frame, so the code gets a moment to land first.
     */
    socialPopupClosed(): void {
      const attempt = pendingSocial
      setTimeout(() => attempt?.stop.abort(), POPUP_CLOSED_GRACE_MS)
    },

    /** The signed-in user and address (the wallet is created on a new user's first call). */
    async user(): Promise<Who & { address: `0x${string}`; solanaAddress: string }> {
      const wallet = await unlock()
      const { email, provider, username, account } = wallet
      return {
        email,
        provider,
        username,
        address: account.address,
        solanaAddress: (await solanaAccountFor(wallet)).address,
      }
    },

    account: async () => (await unlock()).account,
    /** The same wallet on Solana: derived from its key (docs/embedded-wallet.md#solana). */
    solanaAccount: async () => solanaAccountFor(await unlock()),

    /**
     * While `signal` lasts, each new device waiting for this wallet's approval is put to the user (`ask`, the
     * frame's own screen) and answered. Only a device that holds the wallet is shown any.
     */
    watchNewDevices: (ask: (device: NewDevice) => Promise<boolean>, signal: AbortSignal): Promise<void> =>
      withSession(({ token }) => watchNewDevices(cloud, token, ask, signal)),

    /** Whether this frame holds a session (without asking the cloud whether it is still live). */
    hasSession: async () => (await storedSession()) !== undefined,

    async isConnected(): Promise<boolean> {
      const session = await storedSession()
      if (!session) return false
      try {
        await withSession(({ token }) => cloud.session(token))
        return true
      } catch (error) {
        if (error instanceof CloudError && error.status === 401) return false
        throw error
      }
    },

    async signOut(signal?: AbortSignal): Promise<void> {
      const session = await storedSession()
      await forget()
      if (session) await cloud.revoke(session.token, signal).catch(() => {})
    },

    /** Sign out everywhere: the cloud ends every session of the user (a failure is the user's to see), then here. */
    async signOutEverywhere(): Promise<void> {
      await withSession(({ token }) => cloud.revokeAll(token))
      await forget()
    },

    updateEmail: (email: string): Promise<UpdateEmailAction> =>
      withSession(async ({ token }) => (await cloud.updateEmail(token, email)).action),
    verifyPrimaryOtp: (otp: string): Promise<UpdateEmailAction> =>
      withSession(async ({ token }) => (await cloud.verifyPrimary(token, otp)).action),
    verifySecondaryOtp: (otp: string): Promise<string | null> =>
      withSession(async (session) => {
        const { user } = await cloud.verifySecondary(session.token, otp)
        await vault.set('session', { ...session, email: user.email } satisfies StoredSession)
        if (unlocked) unlocked = { ...unlocked, email: user.email }
        return user.email
      }),

    /**
     * Key export, step 1, by who signed in: an e-mail user is sent a fresh code; a Farcaster user's fid approves
     * again from the link the export screen shows (`showLink`); a social user's re-authentication (the popup the
     * host opened at socialReauthUri) is waited for. Either of the last two makes the session fresh.
     */
    startExport: ({ hostOrigin, showLink, signal }: ExportStart): Promise<void> =>
      withSession(async ({ token, email, provider }) => {
        const aborted = signal ?? new AbortController().signal
        if (email !== null) return void (await cloud.reauth(token))
        if (provider === 'farcaster') return farcaster.reauthenticate(token, hostOrigin, showLink, aborted)
        if (!provider) throw new ExportNotAllowedError(EXPORT_UNAVAILABLE_TEXT)
        const attempt = pendingSocial?.reauth ? pendingSocial : await nextReauthAttempt(aborted)
        const completion = await socialCompletion(attempt, aborted, (request, signal) =>
          cloud.socialReauthResult(token, request, signal),
        )
        await cloud.socialReauthResult(token, { secret: attempt.secret, wait: false, completion })
      }),
    /**
     * Key export, step 2: the key, only while the cloud holds the session fresh (an e-mail user's code is checked
     * first; a social user's re-authentication made it fresh). Given to the frame's own UI only.
     */
    exportKey: (otp?: string): Promise<Hex> =>
      withSession(async ({ token }) => {
        const { freshUntil } =
          otp === undefined ? await cloud.session(token) : await cloud.verifyReauth(token, otp)
        if (freshUntil === null || freshUntil <= now()) throw new ExportNotAllowedError(EXPORT_NOT_FRESH_TEXT)
        return (await unlock()).key
      }),
  }
}

export type Wallet = ReturnType<typeof createWallet>
