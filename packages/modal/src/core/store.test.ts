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
