import type { AccountSnapshot } from '../../app/modal'
import type { ConnectFeature } from './connectChunk'

/**
 * The multi-wallet rule and its switch, in one place (docs/behaviour.md#connecting): one wallet per namespace
 * unless the project's remote `multiWallet` feature allows several; another namespace connects beside it.
 */
export const isSecondWallet = (account: AccountSnapshot, connectorId: string) =>
  Boolean(account.address) && account.connector?.id !== connectorId

/** True when a second wallet is refused: the switch is off, and the alert 'Multi-Wallet Not Enabled' is raised. */
export async function refuseSecondWallet(connectFeature: () => Promise<ConnectFeature>): Promise<boolean> {
  const { configuration, raise, alerts } = await connectFeature()
  if (configuration.getState().features.multiWallet) return false
  raise(alerts.multiWalletNotEnabled)
  return true
}
