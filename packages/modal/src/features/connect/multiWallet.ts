import type { AccountSnapshot } from '../../app/modal'
import type { ConnectFeature } from './connectChunk'

/**
 * The multi-wallet rule and its switch, in one place (docs/behaviour.md#connecting): one wallet per namespace
 * unless the project's remote `multiWallet` feature allows several; another namespace connects beside it. True
 * when the connection is refused (the alert 'Multi-Wallet Not Enabled' is raised).
 */
export async function refuseSecondWallet(
  account: AccountSnapshot,
  connectorId: string,
  connectFeature: () => Promise<ConnectFeature>,
): Promise<boolean> {
  if (!account.address || account.connector?.id === connectorId) return false
  const { configuration, raise, alerts } = await connectFeature()
  if (configuration.getState().features.multiWallet) return false
  raise(alerts.multiWalletNotEnabled)
  return true
}
