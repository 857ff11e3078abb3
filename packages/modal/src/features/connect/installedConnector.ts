import type { WalletListing } from '@allaccess/protocol'
import type { Connector } from '../../chains/types'

/** The announced connector of a directory wallet, matched by rdns, if the browser has it. */
export function installedConnector(
  connectors: readonly Connector[],
  wallet: WalletListing,
): Connector | undefined {
  const rdns = wallet.rdns?.toLowerCase()
  if (!rdns) return undefined
  return connectors.find((connector) => connector.info?.rdns?.toLowerCase() === rdns)
}
