import { ALERTS, type Alert } from './alerts'
import type { Banner } from './banner'
import { createConfiguration } from './configuration'
import type { Features } from './features'
import type { CloudApi, Connector } from './types'
import { createWalletPicker, type WalletPickerOptions } from './walletPicker'

/**
 * What the modal needs only once it is opened: the project's remote configuration, the wallet picker and the
 * alerts. createModal loads this module on first open, so a page pays for it then, not on load.
 */
export function createConnectExtras(
  options: WalletPickerOptions & {
    api?: CloudApi
    projectId: string
    features?: Partial<Features>
    metadata?: { url: string }
  },
  context: {
    getConnectors: () => Connector[]
    isMobile: () => boolean
    showBanner: (banner: Omit<Banner, 'id'>) => void
  },
) {
  const raise = (alert: Alert) =>
    context.showBanner({ variant: 'error', message: alert.title, description: alert.description })
  return {
    alerts: ALERTS,
    raise,
    /** Remote features and alerts (spec §8). */
    configuration: createConfiguration(options, raise),
    /** The Connect view's sections (spec §2 "Wallet picker"). */
    walletPicker: createWalletPicker(options, context),
  }
}

export type ConnectExtras = ReturnType<typeof createConnectExtras>
