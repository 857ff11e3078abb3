import { walletConnect as wagmiWalletConnect } from '@wagmi/connectors/walletConnect'
import type { CreateConnectorFn } from '@wagmi/core'
import type { WalletConnectOptions } from './walletConnectOptions'

export type WagmiWalletConnect = ReturnType<ReturnType<typeof wagmiWalletConnect>>
export type WalletConnectProvider = Awaited<ReturnType<WagmiWalletConnect['getProvider']>>

/**
 * wagmi's WalletConnect connector (its own chunk, loaded on first use): the QR modal is always off, and in
 * self-hosted mode the provider skips the public Verify service.
 */
export function createWalletConnectConnector(
  { disableVerify = false, ...parameters }: WalletConnectOptions,
  config: Parameters<CreateConnectorFn>[0],
): WagmiWalletConnect {
  const connector = wagmiWalletConnect({ ...parameters, showQrModal: false })(config)
  const { getProvider } = connector
  connector.getProvider = async function (this: WagmiWalletConnect, params) {
    const provider = await getProvider.call(this, params)
    if (disableVerify) skipVerify(provider)
    return provider
  }
  return connector
}

/** Replaces the Verify registration of a provider's core with "no attestation" (see `disableVerify`). */
export function skipVerify(provider: Pick<WalletConnectProvider, 'signer'>): void {
  const verify = provider.signer.client?.core.verify
  if (verify) verify.register = async () => ''
}
