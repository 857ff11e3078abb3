import { type Browser, chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../src/chromium'

/** Debian's Chromium, never a downloaded browser, with nothing that phones home. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
}
