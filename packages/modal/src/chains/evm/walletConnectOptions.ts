import type { SignClient } from '@walletconnect/sign-client'

type SignClientOptions = NonNullable<Parameters<typeof SignClient.init>[0]>

/** The options of the modal's WalletConnect connector (its own file: both the connector and its loader use it). */
export type WalletConnectOptions = Pick<
  SignClientOptions,
  'metadata' | 'relayUrl' | 'telemetryEnabled' | 'customStoragePrefix' | 'storageOptions'
> & {
  /** The project id the relay knows the site by. */
  projectId: string
  /**
   * The Verify v3 service that attests this page's origin to wallets, e.g. the cloud's `<cloud>/verify/v3`
   * (docs/relay.md, Verify). Unset: WalletConnect's public one, which a site on a self-hosted relay can't use
   * offline (the client would wait 5 s for it on every connect and request).
   */
  verifyUrl?: string
  /**
   * Whether a stored session is ended on load when the site has chains it never asked the wallet for (a chain
   * added since), so the visitor approves them anew; as wagmi's WalletConnect connector. Default true.
   */
  isNewChainsStale?: boolean
}

/** Where the connector keeps the chains it asked a wallet for, until the session ends (in wagmi's storage). */
export const REQUESTED_CHAINS_KEY = 'walletConnect.requestedChains'

/** The WalletConnect connector's id (in wagmi's config, and as the owner of a session other families share). */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'
