/**
 * The `message` events of the WalletConnect connector that the adapter reads (their own file: the connector is a
 * lazy chunk, the adapter is not): wagmi's pairing link, and the reason the relay refused the client.
 */
export const WALLETCONNECT_MESSAGES = {
  pairingUri: 'display_uri',
  relayRefused: 'relay_refused',
} as const
