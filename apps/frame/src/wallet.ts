import type {
  EmailConnectAction,
  EmbeddedUser,
  IdentityProvider,
  NewDevice,
  OtpAction,
  UpdateEmailAction,
} from '@allaccess/protocol'
import type { Hex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { type CloudApi, CloudError } from './cloudApi'
import { type ShowWaiting, watchNewDevices } from './deviceApproval'
import { createFarcasterWallet } from './farcasterWallet'
import { interactiveWait } from './interactiveWait'
import { NotSignedInError } from './notSignedIn'
import { createSocialWallet } from './socialWallet'
import { solanaAccountFor } from './solana/keys'
import type { Vault } from './vault'
import { createKeyLoader } from './walletKey'

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

export { SocialNotFinishedError } from './socialWallet'
export { NotSignedInError }

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

const DEVICE_ID_BYTES = 24
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

  /** The wallet's key, in memory, for the stored session (walletKey.ts). */
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

  const loadKey = createKeyLoader({ cloud, vault, showWaiting })
  const farcaster = createFarcasterWallet({ cloud, deviceId, adopt })
  const social = createSocialWallet({ cloud, deviceId, adopt, withSession })

  return {
    socialRedirectUri: social.socialRedirectUri,
    connectSocial: social.connectSocial,
    socialReauthUri: social.socialReauthUri,
    completeSocial: social.completeSocial,
    socialPopupClosed: social.socialPopupClosed,
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
        await social.reauthenticate(token, aborted)
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
