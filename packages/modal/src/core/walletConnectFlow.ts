import { type Clock, pairingExpiresAt, systemClock, whenPairingExpires } from './pairingExpiry'
import { createStore } from './store'
import type { ChainAdapter } from './types'

/** The pairing link on show: a `wc:` URI and when it expires (spec §4); null while one is being made. */
export type PairingState = { uri: string | null; expiresAt: number | null }

export type WalletConnectFlowDeps = {
  adapter: () => ChainAdapter
  /** Whether the visitor is still on a pairing view; nothing is refreshed or reported once they left. */
  isWaiting: () => boolean
  onConnected: (connectorId: string) => void
  onFailed: (error: unknown) => void
  clock?: Clock
}

/**
 * Connecting over WalletConnect: shows each pairing link the connector makes and, when one counts as
 * expired (spec §4), makes a fresh one in its place without the visitor doing anything. A wallet that pairs
 * with any link still on show connects; only the newest attempt's failure is reported.
 */
export function createWalletConnectFlow(deps: WalletConnectFlowDeps) {
  const clock = deps.clock ?? systemClock
  const pairing = createStore<PairingState>({ uri: null, expiresAt: null })
  let attempt = 0
  let stopAttempt = () => {}

  async function pair(connectorId: string): Promise<void> {
    const mine = ++attempt
    stopAttempt()
    const adapter = deps.adapter()
    let stopExpiry = () => {}
    const unsubscribe =
      adapter.subscribePairingUri?.(connectorId, (uri) => {
        if (mine !== attempt) return
        const expiresAt = pairingExpiresAt(clock.now())
        pairing.setState({ uri, expiresAt })
        stopExpiry()
        stopExpiry = whenPairingExpires(
          expiresAt,
          () => {
            // The old link stays on show until the new one arrives: the visitor sees one QR code swap for another.
            if (mine === attempt && deps.isWaiting()) void pair(connectorId)
          },
          clock,
        )
      }) ?? (() => {})
    stopAttempt = () => {
      unsubscribe()
      stopExpiry()
    }
    try {
      await adapter.connect(connectorId)
      if (deps.isWaiting()) {
        cancel()
        deps.onConnected(connectorId)
      }
    } catch (error) {
      if (mine !== attempt || !deps.isWaiting()) return
      stopAttempt()
      // A refused or failed link is dead: Try again shows a fresh one.
      pairing.setState({ uri: null, expiresAt: null })
      deps.onFailed(error)
    }
  }

  /** Stops watching: no refresh, no report. A wallet that still pairs with an old link connects regardless. */
  function cancel() {
    attempt++
    stopAttempt()
    stopAttempt = () => {}
    pairing.setState({ uri: null, expiresAt: null })
  }

  return { pairing, pair, cancel }
}

export type WalletConnectFlow = ReturnType<typeof createWalletConnectFlow>
