import type { WalletConnectParameters } from '@wagmi/connectors/walletConnect'

/** The options of the modal's WalletConnect connector (its own file: both the connector and its loader use it). */
export type WalletConnectOptions = Omit<WalletConnectParameters, 'showQrModal' | 'qrModalOptions'> & {
  /**
   * Self-hosted mode: don't ask WalletConnect's public Verify service to attest this site. Offline the
   * browser client waits 5 s for that service's iframe on every connect and request; with this on it
   * answers "no attestation" at once. Wallets then show the site as unverified, which is the honest state
   * of a site no public service vouches for. Leave it off with the public relay and a real project id.
   */
  disableVerify?: boolean
}
