import type { ChainNamespace } from '../../chains/types'
import { type BackResult, currentEntry, goBack, type RouterState } from '../../kernel/router'
import type { RouteEntry, StartView } from '../../kernel/routes'

export type OpenContext = {
  /** A view the caller asked for, e.g. `open({ view: 'Account' })`. */
  requested?: RouteEntry
  /** The chain namespace the caller wants to act on, if any. */
  targetNamespace?: ChainNamespace
  activeNamespace?: ChainNamespace
  address?: string
  adapterCount: number
  isMobile: boolean
  manualPairing: boolean
  /** Connected, but the wallet sits on a network that is not configured. */
  onUnsupportedChain: boolean
}

/**
 * Opening the modal (docs/behaviour.md#opening): the first rule that applies wins.
 * 1. a target namespace that differs from the active one → a network switch;
 * 2. a requested view → that view;
 * 3. a connected address → Account (UnsupportedChain while the wallet sits on an unconfigured network);
 * 4. otherwise Connect.
 * With no adapters and no address (or with manual pairing control) WalletConnect is the only way in:
 * AllWallets on mobile, ConnectingWalletConnectBasic elsewhere.
 */
export function resolveOpenView(context: OpenContext): RouteEntry {
  if (context.targetNamespace && context.targetNamespace !== context.activeNamespace) {
    return { view: 'SwitchActiveChain', data: { namespace: context.targetNamespace } }
  }
  if (context.requested) return context.requested
  if (context.address) return { view: context.onUnsupportedChain ? 'UnsupportedChain' : 'Account' }
  if (context.adapterCount === 0 || context.manualPairing) {
    return { view: context.isMobile ? 'AllWallets' : 'ConnectingWalletConnectBasic' }
  }
  return { view: 'Connect' }
}

/** Closing (docs/behaviour.md#closing): reset to Connect; in embedded mode show Account if connected. */
export function viewAfterClose(context: { embeddedMode: boolean; connected: boolean }): StartView {
  return context.embeddedMode && context.connected ? 'Account' : 'Connect'
}

/** Going back (docs/behaviour.md#navigation): from a Connect view while connected, Account; else the history's. */
export function backFrom(state: RouterState, context: { connected: boolean }): BackResult {
  if (currentEntry(state).view === 'Connect' && context.connected) {
    return { kind: 'navigate', state: { history: [{ view: 'Account' }], direction: 'prev' } }
  }
  return goBack(state)
}
