/** Browsers as `detect-browser` names them, the more specific first (Edge and Opera also say "Chrome"). */
const BROWSERS: [name: string, version: RegExp][] = [
  ['edge-chromium', /Edg(?:A|iOS)?\/([\d.]+)/],
  ['opera', /OPR\/([\d.]+)/],
  ['firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['crios', /CriOS\/([\d.]+)/],
  ['chrome', /Chrome\/([\d.]+)/],
  ['ios', /Version\/([\d.]+).*Mobile.*Safari/],
  ['safari', /Version\/([\d.]+).*Safari/],
]
const SYSTEMS: [name: string, test: RegExp][] = [
  ['iOS', /iP(?:hone|od|ad)/],
  ['Android OS', /Android/],
  ['Windows 10', /Windows NT 10/],
  ['Windows', /Windows/],
  ['Mac OS', /Macintosh/],
  ['Chrome OS', /CrOS/],
  ['Linux', /Linux/],
]

export type BrowserInfo = { type: 'browser'; name: string; version: string; os: string | null }

/**
 * What WalletConnect's utils ask of `detect-browser` (~1.5 KiB gzip): the browser, its version in three parts and
 * the system, which the client only puts in the `ua` it reports to the relay. Unknown browsers give `null`, which
 * the client reports as "unknown".
 */
export function detect(userAgent = globalThis.navigator?.userAgent ?? ''): BrowserInfo | null {
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(userAgent)
    if (!match?.[1]) continue
    const parts = match[1].split('.').slice(0, 3)
    const version = [...parts, '0', '0'].slice(0, 3).join('.')
    const os = SYSTEMS.find(([, test]) => test.test(userAgent))?.[0] ?? null
    return { type: 'browser', name, version, os }
  }
  return null
}
