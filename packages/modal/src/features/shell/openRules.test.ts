import { describe, expect, it } from 'vitest'
import { initialRouterState, push } from '../../kernel/router'
import { backFrom, type OpenContext, resolveOpenView, viewAfterClose } from './openRules'

// The behaviour these tests check: docs/behaviour.md#opening-the-modal.

const base: OpenContext = {
  activeNamespace: 'eip155',
  adapterCount: 1,
  isMobile: false,
  manualPairing: false,
  onUnsupportedChain: false,
}
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('Opening the modal: the first rule that applies wins', () => {
  it('1. if a target chain namespace differs from the active chain, go to a network switch', () => {
    expect(
      resolveOpenView({ ...base, targetNamespace: 'solana', requested: { view: 'Account' }, address }),
    ).toEqual({ view: 'SwitchActiveChain', data: { namespace: 'solana' } })
    expect(resolveOpenView({ ...base, targetNamespace: 'eip155' })).toEqual({ view: 'Connect' })
  })

  it('2. otherwise, if a specific view was requested, show it', () => {
    expect(resolveOpenView({ ...base, requested: { view: 'AllWallets' }, address })).toEqual({
      view: 'AllWallets',
    })
  })

  it('3. otherwise, if an address is connected, show Account', () => {
    expect(resolveOpenView({ ...base, address })).toEqual({ view: 'Account' })
  })

  it('3. a connected wallet on a network that is not configured sees UnsupportedChain', () => {
    expect(resolveOpenView({ ...base, address, onUnsupportedChain: true })).toEqual({
      view: 'UnsupportedChain',
    })
  })

  it('4. otherwise show Connect', () => {
    expect(resolveOpenView(base)).toEqual({ view: 'Connect' })
  })

  it('if there are no adapters and no address, show AllWallets on mobile and ConnectingWalletConnectBasic elsewhere', () => {
    expect(resolveOpenView({ ...base, adapterCount: 0, isMobile: true })).toEqual({ view: 'AllWallets' })
    expect(resolveOpenView({ ...base, adapterCount: 0 })).toEqual({ view: 'ConnectingWalletConnectBasic' })
  })

  it('the same applies when manual pairing control is on', () => {
    expect(resolveOpenView({ ...base, manualPairing: true, isMobile: true })).toEqual({ view: 'AllWallets' })
    expect(resolveOpenView({ ...base, manualPairing: true })).toEqual({
      view: 'ConnectingWalletConnectBasic',
    })
    expect(resolveOpenView({ ...base, manualPairing: true, address })).toEqual({ view: 'Account' })
  })
})

describe('Closing', () => {
  it('closing resets to Connect', () => {
    expect(viewAfterClose({ embeddedMode: false, connected: true })).toBe('Connect')
  })
  it('in embedded mode, closing shows Account if connected, else Connect', () => {
    expect(viewAfterClose({ embeddedMode: true, connected: true })).toBe('Account')
    expect(viewAfterClose({ embeddedMode: true, connected: false })).toBe('Connect')
  })
})

describe('Going back', () => {
  it('from a Connect view while connected lands on Account', () => {
    const result = backFrom(push(initialRouterState('Account'), { view: 'Connect' }), { connected: true })
    expect(result).toEqual({ kind: 'navigate', state: { history: [{ view: 'Account' }], direction: 'prev' } })
    expect(backFrom(initialRouterState('Connect'), { connected: true })).toMatchObject({
      state: { history: [{ view: 'Account' }] },
    })
  })

  it('with a single history entry closes the modal', () => {
    expect(backFrom(initialRouterState('Connect'), { connected: false })).toEqual({ kind: 'close' })
    expect(backFrom(initialRouterState('Account'), { connected: true })).toEqual({ kind: 'close' })
  })
})
