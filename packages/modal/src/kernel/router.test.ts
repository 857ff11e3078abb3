import { describe, expect, it } from 'vitest'
import { currentEntry, goBack, initialRouterState, push, replace, reset, returnToPrevious } from './router'

// The behaviour these tests check: docs/behaviour.md#navigation.

describe('Navigation', () => {
  it('the modal keeps a history stack', () => {
    const state = push(
      push(initialRouterState('Connect'), { view: 'ConnectingExternal', data: { connectorId: 'a' } }),
      {
        view: 'Account',
      },
    )
    expect(state.history.map((entry) => entry.view)).toEqual(['Connect', 'ConnectingExternal', 'Account'])
    expect(currentEntry(state)).toEqual({ view: 'Account' })
  })

  it('pushing the view on show again adds no entry, so one Back leaves it (a Try again starts the same step over)', () => {
    const connecting = push(initialRouterState('Connect'), {
      view: 'ConnectingSocial',
      data: { provider: 'google' },
    })
    const again = push(connecting, { view: 'ConnectingSocial', data: { provider: 'google' } })
    expect(again.history.map((entry) => entry.view)).toEqual(['Connect', 'ConnectingSocial'])
    expect(goBack(again)).toEqual({
      kind: 'navigate',
      state: { history: [{ view: 'Connect' }], direction: 'prev' },
    })
    // Another provider, or the same view with other data, is a step of its own.
    const other = push(connecting, { view: 'ConnectingSocial', data: { provider: 'github' } })
    expect(other.history).toHaveLength(3)
    expect(push(initialRouterState('Connect'), { view: 'Connect' }).history).toHaveLength(1)
    expect(
      push(initialRouterState('Connect'), { view: 'Connect', data: { wallets: true } }).history,
    ).toHaveLength(2)
  })

  it('going back with a single history entry closes the modal', () => {
    expect(goBack(initialRouterState('Connect'))).toEqual({ kind: 'close' })
    expect(goBack(initialRouterState('Account'))).toEqual({ kind: 'close' })
  })

  it('view transitions run in the directions next and prev', () => {
    const forward = push(initialRouterState('Connect'), {
      view: 'ConnectingExternal',
      data: { connectorId: 'a' },
    })
    expect(forward.direction).toBe('next')
    const back = goBack(forward)
    expect(back).toEqual({ kind: 'navigate', state: { history: [{ view: 'Connect' }], direction: 'prev' } })
    expect(replace(forward, { view: 'Account' })).toEqual({
      history: [{ view: 'Connect' }, { view: 'Account' }],
      direction: 'next',
    })
  })

  it('Network switch: a failed network switch returns to the previous view', () => {
    const switching = push(initialRouterState('UnsupportedChain'), {
      view: 'SwitchNetwork',
      data: { caipNetworkId: 'eip155:1' },
    })
    expect(currentEntry(returnToPrevious(switching)).view).toBe('UnsupportedChain')
    expect(returnToPrevious(reset({ view: 'Account' }))).toEqual(reset({ view: 'Account' }))
  })
})
