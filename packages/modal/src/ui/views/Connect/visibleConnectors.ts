import { BROWSER_WALLET_NAME } from '../../../adapters/evm/toConnector'
import type { Connector } from '../../../core/types'

/**
 * Spec §5 "Wallet list": a browser-injected wallet named Browser Wallet is hidden on desktop (the wallets that
 * announce themselves cover it); on mobile it stays only when it has an rdns.
 */
export function visibleConnectors(
  connectors: readonly Connector[],
  context: { isMobile: boolean },
): Connector[] {
  return connectors.filter((connector) => {
    if (connector.type !== 'INJECTED' || connector.name !== BROWSER_WALLET_NAME) return true
    return context.isMobile && Boolean(connector.info?.rdns)
  })
}
