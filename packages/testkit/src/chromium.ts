/** Debian's Chromium: browser tests never download a browser of their own. */
export const CHROMIUM_PATH = '/usr/bin/chromium'

/** Flags for a sandboxed, offline machine: nothing that phones home, no GPU. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
