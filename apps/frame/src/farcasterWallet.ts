import { type EmbeddedUser, FARCASTER_CHANNEL_TTL_MS } from '@allaccess/protocol'
import type { CloudApi } from './cloudApi'
import { interactiveWait } from './interactiveWait'
import { NotSignedInError } from './notSignedIn'

/** What the export says when the Farcaster app's approval did not come within the frame's wait. */
export const FARCASTER_REAUTH_TIMEOUT_TEXT = 'No approval came from Farcaster in time. Try again.'

/** Long polls (each held up to 25 s by the cloud) until the answer is no longer `pending`, or `signal` aborts. */
async function untilSettled<T extends { status: string }>(
  poll: (signal: AbortSignal) => Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  for (;;) {
    signal.throwIfAborted()
    const answer = await poll(signal)
    if (answer.status !== 'pending') return answer
  }
}

/**
 * Sign In With Farcaster in the frame (docs/embedded-wallet.md#farcaster): the cloud opens a channel for this
 * device and the host page; the host shows its link (QR code); the frame waits for the Farcaster app's verified
 * approval with the sign-in's secret, which never leaves the frame, then takes the session with the completion code
 * the Farcaster app showed its approver (typed into the host's view) and keeps it (`adopt`). Before
 * a key export the session's fid approves again (`reauthenticate`): its link shows on the frame's own export screen.
 */
export function createFarcasterWallet<Who>({
  cloud,
  deviceId,
  adopt,
}: {
  cloud: CloudApi
  deviceId: () => Promise<string>
  adopt: (sessionToken: string, user: EmbeddedUser) => Promise<Who>
}) {
  /** The sign-in in flight; `stop` ends its wait when a newer one starts. */
  let pending: { secret: string; stop: AbortController } | undefined

  return {
    /**
     * getFarcasterUri (docs/embedded-wallet.md#farcaster): a new sign-in whose message names `hostOrigin` (the
     * Farcaster app shows it).
     */
    async farcasterUri(hostOrigin: string): Promise<string> {
      const { url, secret } = await cloud.farcasterStart({ deviceId: await deviceId(), hostOrigin })
      pending?.stop.abort()
      pending = { secret, stop: new AbortController() }
      return url
    },

    /**
     * connectFarcaster (docs/embedded-wallet.md#farcaster): long polls (each up to 25 s) until the approval is
     * verified; the session then waits for the approver's completion code (`completeFarcaster`). A refused approval
     * or an expired sign-in is the cloud's refusal; bounded by the spec's 120 s like the host.
     */
    async connectFarcaster(aborted: AbortSignal): Promise<void> {
      const attempt = pending
      if (!attempt) throw new NotSignedInError()
      const waiting = interactiveWait(aborted, attempt.stop.signal)
      try {
        const answer = await untilSettled(
          (signal) => cloud.farcasterResult({ secret: attempt.secret, wait: true }, signal),
          waiting,
        )
        if (answer.status !== 'ready') throw new NotSignedInError()
      } catch (error) {
        if (pending === attempt) pending = undefined
        throw error
      }
    },

    /**
     * completeFarcaster (docs/embedded-wallet.md#farcaster): the code the Farcaster app showed its approver, typed
     * where the link was shown, takes the session (once: a wrong code ends the sign-in on the cloud too).
     */
    async completeFarcaster(completion: string): Promise<Who> {
      const attempt = pending
      if (!attempt) throw new NotSignedInError()
      pending = undefined
      const answer = await cloud.farcasterResult({ secret: attempt.secret, wait: false, completion })
      if (answer.status !== 'done') throw new NotSignedInError()
      return adopt(answer.sessionToken, answer.user)
    },

    /**
     * Before a key export: a re-authentication of the session `token` — its link (`showLink`, for the QR code),
     * then the wait until the session's own fid approved and the cloud made the session fresh. Another fid's
     * approval is the cloud's refusal. The wait ends with `aborted` (the export screen closed) or after the
     * channel's life.
     */
    async reauthenticate(
      token: string,
      hostOrigin: string,
      showLink: (url: string) => void,
      aborted: AbortSignal,
    ): Promise<void> {
      const { url, secret } = await cloud.farcasterReauthStart(token, hostOrigin)
      showLink(url)
      const waiting = AbortSignal.any([aborted, AbortSignal.timeout(FARCASTER_CHANNEL_TTL_MS)])
      try {
        await untilSettled(
          (signal) => cloud.farcasterReauthResult(token, { secret, wait: true }, signal),
          waiting,
        )
      } catch (error) {
        if (waiting.aborted && !aborted.aborted) throw new Error(FARCASTER_REAUTH_TIMEOUT_TEXT)
        throw error
      }
    },
  }
}
