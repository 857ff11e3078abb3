import { bytesToHex } from 'viem'

/** Separates the handle's hash from any other hash of the token (the cloud keeps the token's plain SHA-256). */
export const SESSION_HANDLE_CONTEXT = 'allaccess-session-handle\n'

/**
 * The session handle (docs/embedded-wallet.md#session-handle): an opaque id of the frame's session for the host, so
 * it can ask "is this still the same session?" (isConnected's token). A bearer token never leaves the frame: the
 * handle is a one-way hash of it, which reaches no key and opens no cloud route.
 */
export async function sessionHandle(token: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(SESSION_HANDLE_CONTEXT + token),
  )
  // 128 bits: enough to tell sessions apart, and shaped like neither a key (64 hex) nor a token (43 base64url).
  return bytesToHex(new Uint8Array(digest).slice(0, 16)).slice(2)
}

/**
 * The spec's "session update gives token": after each request the frame compares its session's handle with the last
 * one and, when it changed (a sign-in, a sign-out, a session the cloud ended), posts the new one (null: none).
 */
export function createSessionUpdates({
  token,
  post,
}: {
  /** The frame's session token now, or undefined. */
  token(): Promise<string | undefined>
  post(handle: string | null): void
}) {
  const current = async () => {
    const now = await token()
    return now === undefined ? null : sessionHandle(now)
  }
  let last: Promise<string | null> = current()
  return {
    /** The current session's handle, or null. */
    current,
    /** One check at a time, in order: each compares with the one before. */
    check(): Promise<void> {
      const next = last.then(async (before) => {
        const now = await current()
        if (now !== before) post(now)
        return now
      })
      last = next.catch(() => null)
      return next.then(() => {})
    },
  }
}
