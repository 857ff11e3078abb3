import type { EmbeddedUser } from '@allaccess/protocol'
import type { CloudApi } from './cloudApi'
import { interactiveWait } from './interactiveWait'
import { NotSignedInError } from './notSignedIn'

/**
 * Sign In With Farcaster in the frame (docs/embedded-wallet.md#farcaster): the cloud opens a channel for this
 * device and the host page; the host shows its link (QR code); the frame waits for the Farcaster app's verified
 * approval with the sign-in's secret, which never leaves the frame, and keeps the session it gets (`adopt`).
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
    /** Spec §7 get Farcaster URI: a new sign-in whose message names `hostOrigin` (the Farcaster app shows it). */
    async farcasterUri(hostOrigin: string): Promise<string> {
      const { url, secret } = await cloud.farcasterStart({ deviceId: await deviceId(), hostOrigin })
      pending?.stop.abort()
      pending = { secret, stop: new AbortController() }
      return url
    },

    /**
     * Spec §7 connect Farcaster: long polls (each up to 25 s) until the approval is verified, and keeps the session.
     * A refused approval or an expired sign-in is the cloud's refusal; bounded by the spec's 120 s like the host.
     */
    async connectFarcaster(aborted: AbortSignal): Promise<Who> {
      const attempt = pending
      if (!attempt) throw new NotSignedInError()
      const waiting = interactiveWait(aborted, attempt.stop.signal)
      try {
        for (;;) {
          waiting.throwIfAborted()
          const answer = await cloud.farcasterResult({ secret: attempt.secret, wait: true }, waiting)
          if (answer.status === 'done') return await adopt(answer.sessionToken, answer.user)
        }
      } finally {
        if (pending === attempt) pending = undefined
      }
    },
  }
}
