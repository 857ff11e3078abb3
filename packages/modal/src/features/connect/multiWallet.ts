import type { AccountSnapshot } from '../../app/modal'
import type { ConnectFeature } from './connectChunk'

/**
 * The multi-wallet rule's quick half (docs/behaviour.md#connecting): a wallet other than the namespace's current
 * one may be a second wallet. Whether it is refused (the `multiWallet` switch, chains/connectionRules.ts) is the
 * connect feature's to say, once its chunk is in: a first wallet never waits for it.
 */
export const isSecondWallet = (account: AccountSnapshot, connectorId: string) =>
  Boolean(account.address) && account.connector?.id !== connectorId

/** True when the wallet is refused: a second one with the switch off ('Multi-Wallet Not Enabled' is raised). */
export const refuseSecondWallet = async (
  connectFeature: () => Promise<ConnectFeature>,
  connectorId: string,
) => (await connectFeature()).refusesWallet(connectorId)
