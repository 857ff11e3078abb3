import type { Connector, WalletListing } from '../../../core/types'

/**
 * A connector's EIP-6963 rdns. wagmi names an announced wallet's connector by its rdns and may leave
 * `info.rdns` unset, so an ANNOUNCED connector's id stands in for it.
 */
export function connectorRdns(connector: Connector): string | undefined {
  return connector.info?.rdns ?? (connector.type === 'ANNOUNCED' ? connector.id : undefined)
}

/** The announced connector of a directory wallet, matched by rdns, if the browser has it. */
export function installedConnector(
  connectors: readonly Connector[],
  wallet: WalletListing,
): Connector | undefined {
  const rdns = wallet.rdns?.toLowerCase()
  if (!rdns) return undefined
  return connectors.find((connector) => connectorRdns(connector)?.toLowerCase() === rdns)
}
