import { createConnector } from '@wagmi/core'
// WalletConnect's mark from @web3icons (MIT), as the cloud's directory uses for wallets.
import walletConnectSvg from '@web3icons/core/svgs/wallets/background/wallet-connect.svg.js'
import type { WalletConnectConnector } from './walletConnectConnector'
import {
  REQUESTED_CHAINS_KEY,
  WALLETCONNECT_CONNECTOR_ID,
  type WalletConnectOptions,
} from './walletConnectOptions'
import type { WalletConnectProvider } from './walletConnectProvider'

/** The picker's icon for the WalletConnect row and the QR code's centre. */
export const WALLETCONNECT_ICON = `data:image/svg+xml,${encodeURIComponent(walletConnectSvg)}`

/**
 * The WalletConnect connector as the modal needs it (the modal draws its own QR code). The connector and
 * WalletConnect's client are their own chunk, loaded only once the visitor picks WalletConnect or to restore a
 * session of theirs: wagmi asks every connector for its provider on page load. Reads go to the config's
 * transports, so none leaves for a public RPC.
 */
export function walletConnect(options: WalletConnectOptions) {
  return createConnector<WalletConnectProvider>((config) => {
    let loading: Promise<WalletConnectConnector> | undefined
    let picked = false
    const load = () =>
      (loading ??= import('./walletConnectConnector').then(({ createWalletConnectConnector }) =>
        createWalletConnectConnector(options, config),
      ))
    // The connector keeps the chains it asked a wallet for until the session ends: a sign one may be stored.
    const mayHaveSession = async () =>
      picked || ((await config.storage?.getItem(REQUESTED_CHAINS_KEY)) as number[] | null)?.length
    const whenUsed = async <T>(fallback: T, run: (connector: WalletConnectConnector) => Promise<T>) =>
      (await mayHaveSession()) ? run(await load()) : fallback

    return {
      id: WALLETCONNECT_CONNECTOR_ID,
      name: 'WalletConnect',
      type: 'walletConnect',
      icon: WALLETCONNECT_ICON,
      setup: () => whenUsed(undefined, (connector) => connector.setup()),
      async connect(parameters) {
        picked = true
        return (await load()).connect(parameters) as never
      },
      disconnect: () => whenUsed(undefined, (connector) => connector.disconnect()),
      getAccounts: async () => (await load()).getAccounts(),
      getChainId: async () => (await load()).getChainId(),
      getProvider: (parameters) =>
        whenUsed(undefined as unknown as WalletConnectProvider, (connector) =>
          connector.getProvider(parameters),
        ),
      isAuthorized: () => whenUsed(false, (connector) => connector.isAuthorized()),
      switchChain: async (parameters) => (await load()).switchChain(parameters),
      onAccountsChanged: (accounts) => void load().then((connector) => connector.onAccountsChanged(accounts)),
      onChainChanged: (chainId) => void load().then((connector) => connector.onChainChanged(chainId)),
      onDisconnect: (error) => void load().then((connector) => connector.onDisconnect(error)),
    }
  })
}
walletConnect.type = 'walletConnect' as const
