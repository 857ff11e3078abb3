import type { Connector as WagmiConnector } from '@wagmi/core'
import { BROWSER_WALLET_NAME } from '../constants'
import type { Connector, ConnectorType } from '../types'
import { EMBEDDED_WALLET_TYPE } from './embeddedWalletOptions'

/** Maps a wagmi connector to the connector types of docs/behaviour.md#chains. EIP-6963 wallets are ANNOUNCED,
 * the embedded wallet AUTH. */
export function connectorType(connector: Pick<WagmiConnector, 'id' | 'type'>): ConnectorType {
  if (connector.type === 'walletConnect') return 'WALLET_CONNECT'
  if (connector.type === EMBEDDED_WALLET_TYPE) return 'AUTH'
  if (connector.type === 'injected') return connector.id === 'injected' ? 'INJECTED' : 'ANNOUNCED'
  return 'EXTERNAL'
}

export function toConnector(connector: WagmiConnector): Connector {
  const type = connectorType(connector)
  // wagmi names an EIP-6963 wallet's connector by its rdns and leaves `rdns` itself empty.
  const rdns =
    (typeof connector.rdns === 'string' ? connector.rdns : connector.rdns?.[0]) ??
    (type === 'ANNOUNCED' ? connector.id : undefined)
  return {
    id: connector.id,
    type,
    name: type === 'INJECTED' ? BROWSER_WALLET_NAME : connector.name,
    chain: 'eip155',
    getProvider: () => connector.getProvider(),
    ...(connector.icon ? { imageUrl: connector.icon } : {}),
    ...(rdns || connector.icon
      ? { info: { ...(rdns ? { rdns } : {}), ...(connector.icon ? { icon: connector.icon } : {}) } }
      : {}),
  }
}
