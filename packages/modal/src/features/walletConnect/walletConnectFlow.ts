import type { ChainAdapter } from '../../chains/types'
import { type Clock, systemClock } from '../../kernel/environment'
import { createStore } from '../../kernel/store'
import { PAIRING_LINK_TIMEOUT_MS } from './constants'
import { pairingExpiresAt, whenPairingExpires } from './pairingExpiry'

export class PairingLinkTimeoutError extends Error {
  override readonly name = 'PairingLinkTimeoutError'
  constructor() {
    super(
      `No pairing link within ${PAIRING_LINK_TIMEOUT_MS / 1000} s: the WalletConnect relay can't be reached`,
    )
  }
}

/** The pairing link on show: a `wc:` URI and when it expires (docs/behaviour.md#walletconnect); null while one is being made. */
export type PairingState = { uri: string | null; expiresAt: number | null }

export type WalletConnectFlowDeps = {
  adapter: () => ChainAdapter
  /** Whether the visitor is still on a pairing view; nothing is refreshed or reported once they left. */
  isWaiting: () => boolean
  onConnected: (connectorId: string) => void
  onFailed: (connectorId: string, error: unknown) => void
  clock?: Clock
}

/**
 * Connecting over WalletConnect: shows each pairing link the connector makes and, when one counts as
 * expired (docs/behaviour.md#walletconnect), makes a fresh one in its place without the visitor doing anything. A wallet that pairs
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
    const linkTimer = clock.setTimeout(() => fail(new PairingLinkTimeoutError()), PAIRING_LINK_TIMEOUT_MS)
    const unsubscribe =
      adapter.subscribePairingUri?.(connectorId, (uri) => {
        if (mine !== attempt) return
        clock.clearTimeout(linkTimer)
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
      clock.clearTimeout(linkTimer)
      unsubscribe()
      stopExpiry()
    }
    /** Only this attempt's first failure is reported, and only while the visitor waits; it ends the attempt. */
    function fail(error: unknown) {
      if (mine !== attempt || !deps.isWaiting()) return
      // A refused or failed link is dead: Try again shows a fresh one.
      cancel()
      deps.onFailed(connectorId, error)
    }
    try {
      await adapter.connect(connectorId)
      if (deps.isWaiting()) {
        cancel()
        deps.onConnected(connectorId)
      }
    } catch (error) {
      fail(error)
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
