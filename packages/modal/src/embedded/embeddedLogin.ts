import type { Chains } from '../chains/createChains'
import { EMAIL_LOGIN_USED_KEY, EMBEDDED_WALLET_ID } from '../chains/evm/embeddedWalletOptions'

/**
 * Whether the embedded wallet's login is open: its own connection (the frame's; the e-mail wallet's Solana
 * account only follows it) is among the open ones, current or not.
 */
function loginOpen(chains: Chains): boolean {
  for (const connection of chains.getConnections().connections.values())
    if (connection.connector?.id === EMBEDDED_WALLET_ID && connection.accounts.length) return true
  return false
}

/**
 * What the browser keeps of an embedded-wallet login goes with the login (docs/behaviour.md#email). `connected` is
 * called when the login's connection opens, whichever wallet is current (several may be connected at once);
 * `ended` when it closes (a disconnect of it alone, or of all; not while a reload reconnects), and, with no EVM
 * wallet connected, when the login-used flag is gone while `kept()` still holds something: the connector drops
 * the flag when the frame's is-connected check failed, so a reload of a dead session forgets it too.
 */
export function followEmbeddedLogin({
  chains,
  storage,
  kept,
  connected,
  ended,
}: {
  chains: Chains
  storage: Pick<Storage, 'getItem'> | undefined
  kept(): boolean
  connected?(): void
  ended(): void
}): () => void {
  let loggedIn = false
  function follow() {
    if (loginOpen(chains)) {
      if (!loggedIn) connected?.()
      loggedIn = true
      return
    }
    const { status } = chains.getConnections()
    if (loggedIn) {
      // A reload's reconnect starts its map again from the first wallet back: the login is gone only once it ends.
      if (status.eip155?.endsWith('connecting')) return
      loggedIn = false
      return ended()
    }
    // Only with no EVM wallet connected: a first login's connect runs before the connector sets the flag.
    if (status.eip155 === 'disconnected' && storage?.getItem(EMAIL_LOGIN_USED_KEY) !== 'true' && kept())
      ended()
  }
  const unsubscribe = chains.subscribe(follow)
  // The feature may load after the login reconnected: what is open now counts at once.
  follow()
  return unsubscribe
}
