/**
 * What the modal reads from the browser, in one place so tests and servers can give their own: time, storage,
 * media queries and whether this is a phone. Globals are read at call time, never at import (SSR-safe).
 */

/** Time as the modal's rules see it; tests move it by hand. */
export type Clock = {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>

/** A window the modal opened (social login's popup): sent somewhere, checked for closing, closed. */
export type PopupWindow = { readonly closed: boolean; close(): void; location: { href: string } }

export type Environment = {
  clock: Clock
  /** Where recent wallets are kept; undefined when the browser has none or blocks it. */
  storage: KeyValueStorage | undefined
  /** A media query's answer; the browser's also tells of its changes (the system's colour scheme, live). */
  matchMedia:
    | ((
        query: string,
      ) => Pick<MediaQueryList, 'matches'> &
        Partial<Pick<MediaQueryList, 'addEventListener' | 'removeEventListener'>>)
    | undefined
  /** The mobile branches of the opening rules, and WalletConnect opening the wallet apps instead of a QR code. */
  isMobile(): boolean
  /** Opens an empty popup of this size, centred on the page's window; null when the browser blocks it. */
  openPopup(size: { width: number; height: number }): PopupWindow | null
  /** The browser's user agent ('' outside a browser). */
  userAgent(): string
}

/** Opened empty (inside the click, so that no popup blocker stops it), then sent to its address. */
function openCentredPopup({ width, height }: { width: number; height: number }): PopupWindow | null {
  const page = globalThis.window
  if (typeof page?.open !== 'function') return null
  const left = Math.round(page.screenX + (page.outerWidth - width) / 2)
  const top = Math.round(page.screenY + (page.outerHeight - height) / 2)
  return page.open('about:blank', '_blank', `popup,width=${width},height=${height},left=${left},top=${top}`)
}

/** A phone: a coarse pointer on a narrow screen. */
export const MOBILE_MEDIA_QUERY = '(pointer: coarse) and (max-width: 640px)'

/** The browser's environment, with whatever the site passed in its place. */
export function createEnvironment(overrides: Partial<Environment> = {}): Environment {
  const matchMedia =
    overrides.matchMedia ??
    (typeof globalThis.matchMedia === 'function'
      ? (query: string) => globalThis.matchMedia(query)
      : undefined)
  return {
    clock: overrides.clock ?? systemClock,
    storage: 'storage' in overrides ? overrides.storage : browserStorage(),
    matchMedia,
    isMobile: overrides.isMobile ?? (() => matchMedia?.(MOBILE_MEDIA_QUERY).matches ?? false),
    openPopup: overrides.openPopup ?? openCentredPopup,
    userAgent: overrides.userAgent ?? (() => globalThis.navigator?.userAgent ?? ''),
  }
}

/** localStorage when there is one (not during SSR, not when the browser blocks it). */
export function browserStorage(): KeyValueStorage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}
