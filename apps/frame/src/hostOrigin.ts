import { isLoopbackOrigin, isOriginAllowed } from '@allaccess/protocol'

/** What the frame can see of the pages it is embedded in. */
export type Embedding = {
  /** `location.ancestorOrigins` (Chromium, Safari): the parent's origin first, the top page's last. */
  ancestorOrigins: readonly string[] | undefined
  /** Whether the frame is embedded at all, and directly by the top page (`window.parent === window.top`). */
  framed: boolean
  parentIsTop: boolean
  /** `document.referrer`: the parent's address where `ancestorOrigins` is missing (Firefox). */
  referrer: string
}

/**
 * The pages that embed the frame, the host (its parent) first: every entry of `ancestorOrigins`; without it, the
 * referrer's origin only when the parent is the top page (a frame inside another frame cannot see the pages in
 * between there, so it serves none). Undefined: not embedded, or embedded where the frame cannot tell by whom.
 */
export function embeddingOrigins(embedding: Embedding): string[] | undefined {
  if (!embedding.framed) return undefined
  if (embedding.ancestorOrigins) {
    const origins = [...embedding.ancestorOrigins]
    return origins.length > 0 ? origins : undefined
  }
  if (!embedding.parentIsTop || !embedding.referrer) return undefined
  try {
    return [new URL(embedding.referrer).origin]
  } catch {
    return undefined
  }
}

/**
 * Whether the frame serves these pages (docs/embedded-wallet.md#origins): each one, not only its parent, on the
 * project's allowlist. Loopback pages only in `development` (a development build, or a frame itself served from a
 * loopback origin as `npm start` and the tests serve it): a deployed frame never serves a page on this machine.
 */
export function servesEmbedding(
  allowedOrigins: readonly string[],
  origins: readonly string[],
  development: boolean,
): boolean {
  return (
    origins.length > 0 &&
    origins.every(
      (origin) => isOriginAllowed(allowedOrigins, origin) && (development || !isLoopbackOrigin(origin)),
    )
  )
}
