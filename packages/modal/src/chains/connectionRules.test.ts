import { describe, expect, it } from 'vitest'
import {
  ACTIVE_NAMESPACE_KEY,
  activeAfterDisconnect,
  CONNECTION_ORDER_KEPT,
  CONNECTION_ORDER_KEY,
  CURRENT_CONNECTION_KEY,
  connectionKey,
  currentAfterDisconnect,
  currentAfterRestore,
  keyOf,
  namespaceOf,
  nextOrder,
  onConnect,
  parseCurrent,
  parseOrder,
} from './connectionRules'

const EXTENSION = 'eip155/io.testkit.wallet'
const EMAIL = 'eip155/AUTH'
const WALLETCONNECT = 'eip155/walletConnect'
const PHANTOM = 'solana/Testkit Solana Wallet'

describe('connection rules (spec §4)', () => {
  it('pins the storage key and how many keys it keeps', () => {
    expect(CONNECTION_ORDER_KEY).toBe('allaccess.connectionOrder')
    expect(CONNECTION_ORDER_KEPT).toBe(16)
    expect(CURRENT_CONNECTION_KEY).toBe('allaccess.currentConnection')
    expect(ACTIVE_NAMESPACE_KEY).toBe('allaccess.activeNamespace')
  })

  it('names a connection by its namespace and connector, which outlive the page', () => {
    expect(connectionKey('eip155', 'io.testkit.wallet')).toBe(EXTENSION)
    expect(namespaceOf(PHANTOM)).toBe('solana')
    expect(namespaceOf('eip155/a/b')).toBe('eip155')
    const connector = { id: 'io.testkit.wallet' }
    expect(keyOf({ id: 'eip155/uid-1', namespace: 'eip155', connector })).toBe(EXTENSION)
    expect(keyOf({ id: 'eip155/uid-1', namespace: 'eip155', connector: undefined })).toBe('eip155/uid-1')
  })

  describe('the order', () => {
    it('keeps the first connected first, and a new connection joins at the end', () => {
      expect(nextOrder([], [EMAIL, EXTENSION])).toEqual([EMAIL, EXTENSION])
      expect(nextOrder([EXTENSION, EMAIL], [EMAIL, EXTENSION, PHANTOM])).toEqual([EXTENSION, EMAIL, PHANTOM])
    })

    it('keeps a wallet that has not reconnected yet (a reload), and drops an ended one', () => {
      expect(nextOrder([EXTENSION, EMAIL], [EMAIL])).toEqual([EXTENSION, EMAIL])
      expect(nextOrder([EXTENSION, EMAIL], [EMAIL], [EXTENSION])).toEqual([EMAIL])
    })

    it('a wallet connected again after it ended is the last one', () => {
      const ended = nextOrder([EXTENSION, EMAIL], [EMAIL], [EXTENSION])
      expect(nextOrder(ended, [EMAIL, EXTENSION])).toEqual([EMAIL, EXTENSION])
    })

    it('keeps the newest 16', () => {
      const many = Array.from({ length: 20 }, (_, index) => `eip155/w${index}`)
      const kept = nextOrder([], many)
      expect(kept).toHaveLength(16)
      expect(kept[0]).toBe('eip155/w4')
      expect(kept.at(-1)).toBe('eip155/w19')
    })

    it('reads only a list of keys from storage', () => {
      expect(parseOrder(JSON.stringify([EXTENSION, PHANTOM]))).toEqual([EXTENSION, PHANTOM])
      expect(parseOrder(JSON.stringify([EXTENSION, 3, 'no-namespace', null]))).toEqual([EXTENSION])
      expect(parseOrder('{"a":1}')).toEqual([])
      expect(parseOrder('not json')).toEqual([])
      expect(parseOrder(null)).toEqual([])
      expect(parseOrder(undefined)).toEqual([])
    })
  })

  describe('after a disconnect', () => {
    const order = [EXTENSION, EMAIL, WALLETCONNECT, PHANTOM]

    it('another connection ending leaves the current one current', () => {
      expect(currentAfterDisconnect(order, EMAIL, EXTENSION)).toBe(EMAIL)
      expect(currentAfterDisconnect(order, EMAIL, PHANTOM)).toBe(EMAIL)
    })

    it('the current one ending makes the last connected of its namespace current', () => {
      expect(currentAfterDisconnect(order, WALLETCONNECT, WALLETCONNECT)).toBe(EMAIL)
      expect(currentAfterDisconnect(order, EMAIL, EMAIL)).toBe(WALLETCONNECT)
      expect(currentAfterDisconnect(order, undefined, EXTENSION)).toBe(WALLETCONNECT)
    })

    it('the last of its namespace ending leaves none current there (its status is disconnected)', () => {
      expect(currentAfterDisconnect(order, PHANTOM, PHANTOM)).toBeUndefined()
      expect(currentAfterDisconnect([EXTENSION], EXTENSION, EXTENSION)).toBeUndefined()
    })

    it('the modal moves to the namespace of the last connected one when its own has none left', () => {
      expect(activeAfterDisconnect([EXTENSION, PHANTOM], 'eip155')).toBe('eip155')
      expect(activeAfterDisconnect([PHANTOM], 'eip155')).toBe('solana')
      expect(activeAfterDisconnect([PHANTOM, EMAIL], 'eip155')).toBe('eip155')
      expect(activeAfterDisconnect([], 'solana')).toBe('solana')
    })
  })

  describe('after a reload', () => {
    it('the one current when the page was left is current again, whatever reconnected first', () => {
      expect(currentAfterRestore([EXTENSION, EMAIL], [EXTENSION, EMAIL], EMAIL)).toBe(EMAIL)
      expect(currentAfterRestore([EXTENSION, EMAIL], [EMAIL, EXTENSION], EXTENSION)).toBe(EXTENSION)
    })

    it('when it did not reconnect, the first connected of those that did', () => {
      const order = [WALLETCONNECT, EXTENSION, EMAIL]
      expect(currentAfterRestore(order, [EMAIL, EXTENSION], WALLETCONNECT)).toBe(EXTENSION)
      expect(currentAfterRestore(order, [EMAIL, EXTENSION], undefined)).toBe(EXTENSION)
      // One the order lacks (connected while the features were not loaded): the first that reconnected.
      expect(currentAfterRestore([], [EMAIL, EXTENSION], WALLETCONNECT)).toBe(EMAIL)
      expect(currentAfterRestore(order, [], EMAIL)).toBeUndefined()
    })

    it('reads only a map of namespace to key of that namespace from storage', () => {
      expect(parseCurrent(JSON.stringify({ eip155: EMAIL, solana: PHANTOM }))).toEqual({
        eip155: EMAIL,
        solana: PHANTOM,
      })
      expect(parseCurrent(JSON.stringify({ eip155: PHANTOM, solana: 3 }))).toEqual({})
      expect(parseCurrent(JSON.stringify([EMAIL]))).toEqual({})
      expect(parseCurrent('null')).toEqual({})
      expect(parseCurrent('not json')).toEqual({})
      expect(parseCurrent(null)).toEqual({})
    })
  })

  describe('picking a connector', () => {
    it('an open connection switches, without a new login', () => {
      expect(onConnect([EXTENSION, EMAIL], EXTENSION, true)).toBe('switch')
      expect(onConnect([EXTENSION], EXTENSION, false)).toBe('switch')
    })

    it('the first wallet of a namespace connects, the switch on or off', () => {
      expect(onConnect([], EXTENSION, false)).toBe('connect')
      expect(onConnect([EXTENSION], PHANTOM, false)).toBe('connect')
    })

    it('a second wallet of a namespace connects only with multiWallet on', () => {
      expect(onConnect([EXTENSION, PHANTOM], EMAIL, true)).toBe('connect')
      expect(onConnect([EXTENSION, PHANTOM], EMAIL, false)).toBe('refuse')
    })
  })
})
