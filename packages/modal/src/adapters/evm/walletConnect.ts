import { type WalletConnectParameters, walletConnect as wagmiWalletConnect } from '@wagmi/connectors'
import { type CreateConnectorFn, createConnector } from '@wagmi/core'

type BaseConnectorFn = ReturnType<typeof wagmiWalletConnect>
type WalletConnectProvider = Awaited<ReturnType<ReturnType<BaseConnectorFn>['getProvider']>>

export type WalletConnectOptions = Omit<WalletConnectParameters, 'showQrModal' | 'qrModalOptions'> & {
  /**
   * Self-hosted mode: don't ask WalletConnect's public Verify service to attest this site. Offline the
   * browser client waits 5 s for that service's iframe on every connect and request; with this on it
   * answers "no attestation" at once. Wallets then show the site as unverified, which is the honest state
   * of a site that no public service vouches for. Leave it off with the public relay and a real project id.
   */
  disableVerify?: boolean
}

/**
 * wagmi's WalletConnect connector as the modal needs it: the modal draws its own QR code (`showQrModal` is
 * always off, so no other vendor's modal or its remote configuration is ever loaded), and the large
 * provider is only loaded once the visitor picks WalletConnect, or to restore a session they made before.
 * wagmi passes `rpcMap` for every configured chain from the config's transports, so no read leaves for a
 * public RPC.
 */
export function walletConnect({ disableVerify = false, ...parameters }: WalletConnectOptions) {
  const base = wagmiWalletConnect({ ...parameters, showQrModal: false })
  type Connector = ReturnType<BaseConnectorFn>
  return createConnector((config) => {
    const connector = base(config)
    let picked = false
    const wrapped: Connector = {
      ...connector,
      connect: function (this: Connector, ...args: Parameters<Connector['connect']>) {
        picked = true
        return connector.connect.apply(this, args)
      } as Connector['connect'],
      async getProvider(params) {
        // wagmi asks every connector for its provider on page load (setup, reconnect): answer "none" until
        // the visitor picks WalletConnect or a session of theirs may be stored (its requested chains).
        if (!picked && (await connector.getRequestedChainsIds.call(this)).length === 0) {
          return undefined as unknown as WalletConnectProvider
        }
        const provider = await connector.getProvider.call(this, params)
        if (disableVerify) skipVerify(provider)
        return provider
      },
    }
    return wrapped
  }) as BaseConnectorFn & CreateConnectorFn
}
walletConnect.type = wagmiWalletConnect.type

/** Replaces the Verify registration of a provider's core with "no attestation" (see `disableVerify`). */
export function skipVerify(provider: Pick<WalletConnectProvider, 'signer'>): void {
  const verify = provider.signer.client?.core.verify
  if (verify) verify.register = async () => ''
}
