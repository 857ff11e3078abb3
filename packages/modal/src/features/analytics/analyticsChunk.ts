import { ALERTS, showAlert } from '../../kernel/alerts'
import {
  type Analytics,
  type AnalyticsTransport,
  createAnalytics,
} from '../../kernel/analytics/createAnalytics'
import type { BannerController } from '../../kernel/banner'
import type { Clock } from '../../kernel/environment'

export type ModalAnalyticsDeps = {
  /** The cloud client's transport (`api.analytics`). */
  transport: () => Promise<AnalyticsTransport>
  debug: boolean | undefined
  clock: Clock
  /** Where 'Invalid App Configuration' shows. */
  banner: BannerController
}

/** The analytics service on the page it runs in: a chunk of its own, loaded with the modal's first event. */
export async function createModalAnalytics({
  transport,
  debug,
  clock,
  banner,
}: ModalAnalyticsDeps): Promise<Analytics> {
  return createAnalytics({
    transport: await transport(),
    debug: debug ?? false,
    onInvalidConfiguration: () => showAlert(banner, ALERTS.invalidAppConfiguration),
    clock,
    location: pageLocation,
    newId,
  })
}

/** Where the event happened; empty where there is no page (a server, a test). */
function pageLocation(): { url: string; domain: string } {
  const page = globalThis.location as Location | undefined
  return { url: page?.href ?? '', domain: page?.hostname ?? '' }
}

/** 128 random bits as hex: `crypto.randomUUID` exists only on secure origins, `getRandomValues` everywhere. */
function newId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
}
