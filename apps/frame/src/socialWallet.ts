import { CodedError, type EmbeddedUser, SOCIAL_TEXTS, type SocialProvider } from '@allaccess/protocol'
import { type CloudApi, CloudError } from './cloudApi'
import { interactiveWait } from './interactiveWait'
import { NotSignedInError } from './notSignedIn'

/** The popup closed (or the time ran out) before the provider sent the user back. */
export class SocialNotFinishedError extends CodedError<'pending'> {
  override name = 'SocialNotFinishedError'
  constructor() {
    super('pending', SOCIAL_TEXTS.pending)
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

/** A social attempt in flight: a sign-in, or the re-authentication of the session before a key export. */
type SocialAttempt = { secret: string; stop: AbortController; reauth: boolean; completion?: string }

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
 * Social sign-in in the frame (docs/embedded-wallet.md#social-login): the attempt in flight and its secret, the
 * wait for the provider and for the completion code the callback page posts, and the re-authentication a social
 * user's key export needs. The session a sign-in gives is kept by `adopt` (the wallet's).
 */
export function createSocialWallet<Who>({
  cloud,
  deviceId,
  adopt,
  withSession,
}: {
  cloud: CloudApi
  deviceId(): Promise<string>
  adopt(sessionToken: string, user: EmbeddedUser): Promise<Who>
  withSession<T>(act: (session: { token: string }) => Promise<T>): Promise<T>
}) {
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

  return {
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

    /** A social user's re-authentication before a key export: the popup the host opens (or opens again) finished. */
    async reauthenticate(token: string, aborted: AbortSignal): Promise<void> {
      const attempt = pendingSocial?.reauth ? pendingSocial : await nextReauthAttempt(aborted)
      const completion = await socialCompletion(attempt, aborted, (request, signal) =>
        cloud.socialReauthResult(token, request, signal),
      )
      await cloud.socialReauthResult(token, { secret: attempt.secret, wait: false, completion })
    },
  }
}
