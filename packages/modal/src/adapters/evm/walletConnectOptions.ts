import type { WalletConnectParameters } from '@wagmi/connectors/walletConnect'

/** The options of the modal's WalletConnect connector (its own file: both the connector and its loader use it). */
export type WalletConnectOptions = Omit<WalletConnectParameters, 'showQrModal' | 'qrModalOptions'> & {
  /**
   * The Verify v3 service that attests this page's origin to wallets, e.g. the cloud's `<cloud>/verify/v3`
   * (docs/relay.md, Verify). Unset: WalletConnect's public one, which a site on a self-hosted relay can't use
   * offline (the client would wait 5 s for it on every connect and request).
   */
  verifyUrl?: string
}
