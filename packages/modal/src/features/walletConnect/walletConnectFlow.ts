import type { ChainAdapter } from '../../chains/types'
import { type Clock, systemClock } from '../../kernel/environment'
import { ModalError } from '../../kernel/errors'
import { createStore } from '../../kernel/store'
import { PAIRING_LINK_TIMEOUT_MS } from './constants'
import { pairingExpiresAt, whenPairingExpires } from './pairingExpiry'

export class PairingLinkTimeoutError extends ModalError<'pairingLinkTimeout'> {
  override readonly name = 'PairingLinkTimeoutError'
  constructor() {
    super(
      'pairingLinkTimeout',
      `No pairing link within ${PAIRING_LINK_TIMEOUT_MS / 1000} s: the WalletConnect relay can't be reached`,
    )
  }
}

/** The relay refused the client (docs/relay.md): WalletConnect's client would wait for it for ever. */
export class RelayRefusedError extends ModalError<'relayRefused'> {
  override readonly name = 'RelayRefusedError'
  constructor(readonly reason: string) {
    super('relayRefused', `The WalletConnect relay refused the connection: ${reason}`)
  }
}

/** The pairing link on show: a `wc:` URI and when it expires (docs/behaviour.md#walletconnect); null while one is being made. */
export type PairingState = { uri: string | null; expiresAt: number | null }

export type WalletConnectFlowDeps = {
  /** The adapter whose connector pairs (EVM's, whichever namespace the modal acts on). */
  adapter: (connectorId: string) => ChainAdapter
  /** Whether the visitor is still on a pairing view; nothing is refreshed or reported once they left. */
  isWaiting: () => boolean
  /** Resolves once the modal followed the new connection (its family made the active one). */
  onConnected: (connectorId: string) => void | Promise<void>
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
  let stopRefusals = () => {}

  async function pair(connectorId: string): Promise<void> {
    const mine = ++attempt
    stopAttempt()
    stopRefusals()
    const adapter = deps.adapter(connectorId)
    let stopExpiry = () => {}
    let timedOut = false
    const linkTimer = clock.setTimeout(() => {
      timedOut = true
      fail(new PairingLinkTimeoutError())
    }, PAIRING_LINK_TIMEOUT_MS)
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
    let refused = false
    // Heard until the next attempt or the visitor leaves: the first refusal says why (the client's further
    // tries are refused alike), even after the link time-out ended the attempt on a slow first load.
    stopRefusals =
      adapter.subscribeRelayRefusal?.(connectorId, (reason) => {
        if (refused) return
        refused = true
        const error = new RelayRefusedError(reason)
        if (mine === attempt) fail(error)
        else if (timedOut && deps.isWaiting()) deps.onFailed(connectorId, error)
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
      end()
      deps.onFailed(connectorId, error)
    }
    try {
      await adapter.connect(connectorId)
      if (deps.isWaiting()) {
        cancel()
        await deps.onConnected(connectorId)
      }
    } catch (error) {
      fail(error)
    }
  }

  /** Ends the attempt: its link goes, and nothing of it is refreshed or reported but the relay's refusal. */
  function end() {
    attempt++
    stopAttempt()
    stopAttempt = () => {}
    pairing.setState({ uri: null, expiresAt: null })
  }

  /** Stops watching: no refresh, no report. A wallet that still pairs with an old link connects regardless. */
  function cancel() {
    end()
    stopRefusals()
    stopRefusals = () => {}
  }

  return { pairing, pair, cancel }
}

export type WalletConnectFlow = ReturnType<typeof createWalletConnectFlow>
