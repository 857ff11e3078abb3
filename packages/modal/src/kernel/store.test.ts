import { describe, expect, it, vi } from 'vitest'
import { createStore } from './store'

describe('createStore', () => {
  it('notifies listeners with the new and previous state', () => {
    const store = createStore({ count: 0, label: 'a' })
    const listener = vi.fn()
    store.subscribe(listener)
    store.setState((state) => ({ count: state.count + 1 }))
    expect(store.getState()).toEqual({ count: 1, label: 'a' })
    expect(listener).toHaveBeenCalledWith({ count: 1, label: 'a' }, { count: 0, label: 'a' })
  })

  it('stays quiet when nothing changes and after unsubscribe', () => {
    const store = createStore({ count: 0 })
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.setState({ count: 0 })
    unsubscribe()
    store.setState({ count: 2 })
    expect(listener).not.toHaveBeenCalled()
  })
})

describe('createStore: subscribe(selector, listener)', () => {
  it('calls the listener only when the selected slice changes, with the new and previous slice', () => {
    const store = createStore({ count: 0, label: 'a' })
    const listener = vi.fn()
    store.subscribe((state) => state.count, listener)
    store.setState({ label: 'b' })
    expect(listener).not.toHaveBeenCalled()
    store.setState({ count: 1 })
    expect(listener).toHaveBeenCalledExactlyOnceWith(1, 0)
  })
})
