import { describe, expect, it } from 'vitest'
import type { ChainAdapter } from '../../chains/types'
import type { Clock } from '../../kernel/environment'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_EXPIRY_MS, PAIRING_LINK_TIMEOUT_MS } from './constants'
import { createWalletConnectFlow, PairingLinkTimeoutError, RelayRefusedError } from './walletConnectFlow'

// The behaviour these tests check: docs/behaviour.md#walletconnect.

/** A WalletConnect connector stand-in: each connect makes a link and waits for the test to settle it. */
function fakeAdapter() {
  const listeners = new Set<(uri: string) => void>()
  const attempts: { uri: string; resolve: () => void; reject: (error: Error) => void }[] = []
  const adapter = {
    subscribePairingUri: (_id: string, listener: (uri: string) => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    connect: () =>
      new Promise<void>((resolve, reject) => {
        const uri = `wc:topic${attempts.length + 1}@2?relay-protocol=irn&symKey=k`
        attempts.push({ uri, resolve, reject })
        queueMicrotask(() => {
          for (const listener of listeners) listener(uri)
        })
      }),
  } as unknown as ChainAdapter
  return { adapter, attempts, listenerCount: () => listeners.size }
}

function manualClock() {
  let now = 0
  let timers: { at: number; run: () => void; id: number }[] = []
  let id = 0
  const clock: Clock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.push({ at: now + ms, run, id: ++id })
      return id
    },
    clearTimeout: (handle) => {
      timers = timers.filter((timer) => timer.id !== handle)
    },
  }
  const advance = (ms: number) => {
    now += ms
    for (const timer of timers.filter((candidate) => candidate.at <= now)) {
      timers = timers.filter((candidate) => candidate !== timer)
      timer.run()
    }
  }
  return { clock, advance }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The flow over the fake connector, or over `adapter` when given. */
function setup(given?: ChainAdapter) {
  const fake = fakeAdapter()
  const { attempts, listenerCount } = fake
  const adapter = given ?? fake.adapter
  const { clock, advance } = manualClock()
  const events: string[] = []
  let waiting = true
  const flow = createWalletConnectFlow({
    adapter: () => adapter,
    isWaiting: () => waiting,
    onConnected: (id) => void events.push(`connected ${id}`),
    onFailed: (_connectorId, error) => events.push(`failed ${(error as Error).message}`),
    clock,
  })
  return { flow, attempts, advance, events, listenerCount, leave: () => (waiting = false) }
}

describe('Pairing link on the WalletConnect views', () => {
  it('shows the link with its expiry 4 minutes on', async () => {
    const { flow, attempts } = setup()
    void flow.pair('walletConnect')
    await settle()
    expect(flow.pairing.getState()).toEqual({ uri: attempts[0]?.uri, expiresAt: PAIRING_EXPIRY_MS })
  })

  it('makes a fresh link once under 10 s remain, keeping the old one on show until it arrives', async () => {
    const { flow, attempts, advance, listenerCount } = setup()
    void flow.pair('walletConnect')
    await settle()
    advance(PAIRING_EXPIRY_MS - PAIRING_EXPIRY_MARGIN_MS)
    expect(attempts).toHaveLength(1)
    advance(1)
    expect(attempts).toHaveLength(2)
    expect(flow.pairing.getState().uri).toBe(attempts[0]?.uri)
    await settle()
    expect(flow.pairing.getState().uri).toBe(attempts[1]?.uri)
    expect(listenerCount()).toBe(1)
  })

  it('a wallet that pairs with the new link connects; the old attempt failing later is not reported', async () => {
    const { flow, attempts, advance, events } = setup()
    void flow.pair('walletConnect')
    await settle()
    advance(PAIRING_EXPIRY_MS)
    await settle()
    attempts[1]?.resolve()
    await settle()
    expect(events).toEqual(['connected walletConnect'])
    attempts[0]?.reject(new Error('Proposal expired'))
    await settle()
    expect(events).toEqual(['connected walletConnect'])
    expect(flow.pairing.getState()).toEqual({ uri: null, expiresAt: null })
  })

  it('a rejection is reported and clears the dead link; trying again makes a new one', async () => {
    const { flow, attempts, events } = setup()
    void flow.pair('walletConnect')
    await settle()
    attempts[0]?.reject(new Error('User rejected.'))
    await settle()
    expect(events).toEqual(['failed User rejected.'])
    expect(flow.pairing.getState().uri).toBeNull()
    void flow.pair('walletConnect')
    await settle()
    expect(flow.pairing.getState().uri).toBe(attempts[1]?.uri)
  })

  it('after the visitor left, nothing is refreshed or reported', async () => {
    const { flow, attempts, advance, events, leave, listenerCount } = setup()
    void flow.pair('walletConnect')
    await settle()
    leave()
    flow.cancel()
    expect(listenerCount()).toBe(0)
    advance(PAIRING_EXPIRY_MS)
    attempts[0]?.reject(new Error('User rejected.'))
    await settle()
    expect(attempts).toHaveLength(1)
    expect(events).toEqual([])
  })
})

describe('a relay out of reach', () => {
  /** A connector whose relay can't be reached: no link ever comes and `connect` never settles. */
  const silentSetup = () =>
    setup({
      subscribePairingUri: () => () => {},
      connect: () => new Promise<void>(() => {}),
    } as unknown as ChainAdapter)

  it(`reports a failure once no link came within ${PAIRING_LINK_TIMEOUT_MS / 1000} s, not before`, () => {
    const { flow, advance, events } = silentSetup()
    void flow.pair('walletConnect')
    advance(PAIRING_LINK_TIMEOUT_MS - 1)
    expect(events).toEqual([])
    advance(1)
    expect(events).toEqual([`failed ${new PairingLinkTimeoutError().message}`])
    advance(PAIRING_LINK_TIMEOUT_MS)
    expect(events).toEqual([`failed ${new PairingLinkTimeoutError().message}`])
  })

  it('a link in time cancels the time-out', async () => {
    const { flow, attempts, advance, events } = setup()
    void flow.pair('walletConnect')
    await settle()
    advance(PAIRING_LINK_TIMEOUT_MS)
    expect(events).toEqual([])
    expect(flow.pairing.getState().uri).toBe(attempts[0]?.uri)
  })

  it("after a time-out the attempt's late link and late failure are ignored; Try again starts afresh", async () => {
    const { flow, attempts, advance, events } = setup()
    void flow.pair('walletConnect')
    advance(PAIRING_LINK_TIMEOUT_MS) // before the link arrives
    await settle()
    expect(flow.pairing.getState().uri).toBeNull()
    attempts[0]?.reject(new Error('Proposal expired'))
    await settle()
    expect(events).toEqual([`failed ${new PairingLinkTimeoutError().message}`])
    void flow.pair('walletConnect')
    await settle()
    expect(flow.pairing.getState().uri).toBe(attempts[1]?.uri)
  })
})

describe('a relay that refuses the client', () => {
  /** A connector whose relay refuses it: no link comes, `connect` never settles, the refusal is an event. */
  function refusedSetup() {
    const refusals = new Set<(reason: string) => void>()
    const run = setup({
      subscribePairingUri: () => () => {},
      subscribeRelayRefusal: (_id: string, listener: (reason: string) => void) => {
        refusals.add(listener)
        return () => refusals.delete(listener)
      },
      connect: () => new Promise<void>(() => {}),
    } as unknown as ChainAdapter)
    const refuse = (reason: string) => {
      for (const listener of refusals) listener(reason)
    }
    return { ...run, refuse, refusalListeners: () => refusals.size }
  }

  it('fails the attempt at once with the relay’s reason, not after the link time-out; its retries are not reported again', () => {
    const { flow, advance, events, refuse, refusalListeners } = refusedSetup()
    void flow.pair('walletConnect')
    expect(refusalListeners()).toBe(1)
    refuse('Unauthorized: origin not allowed')
    expect(events).toEqual([`failed ${new RelayRefusedError('Unauthorized: origin not allowed').message}`])
    refuse('Unauthorized: origin not allowed')
    advance(PAIRING_LINK_TIMEOUT_MS)
    expect(events).toHaveLength(1)
  })

  it('a refusal after the link time-out (a slow first load) still says why, once', () => {
    const { flow, advance, events, refuse } = refusedSetup()
    void flow.pair('walletConnect')
    advance(PAIRING_LINK_TIMEOUT_MS)
    refuse('Unauthorized: invalid key')
    refuse('Unauthorized: invalid key')
    expect(events).toEqual([
      `failed ${new PairingLinkTimeoutError().message}`,
      `failed ${new RelayRefusedError('Unauthorized: invalid key').message}`,
    ])
  })

  it('Try again listens afresh: one listener per attempt', () => {
    const { flow, events, refuse, refusalListeners } = refusedSetup()
    void flow.pair('walletConnect')
    refuse('Unauthorized: invalid key')
    void flow.pair('walletConnect')
    expect(refusalListeners()).toBe(1)
    refuse('Unauthorized: invalid key')
    expect(events).toHaveLength(2)
  })

  it('a refusal after the visitor left is not reported', () => {
    const { flow, events, refuse, leave, refusalListeners } = refusedSetup()
    void flow.pair('walletConnect')
    leave()
    flow.cancel()
    expect(refusalListeners()).toBe(0)
    refuse('Unauthorized: invalid key')
    expect(events).toEqual([])
  })
})
