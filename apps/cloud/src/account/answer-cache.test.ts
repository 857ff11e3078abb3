import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AnswerCache, BALANCE_CACHE_MS, VERSION_REUSE_MS } from './answer-cache.js'

/**
 * A version store the test bumps, counting reads; each read resolves only when the test lets it. `bump` is a
 * write of another process, `bumpHere` one this process committed.
 */
function versions() {
  let current = 1
  let reads = 0
  let here = 0
  const pending: (() => void)[] = []
  return {
    source: {
      read: () =>
        new Promise<string>((resolve) => {
          reads++
          pending.push(() => resolve(String(current)))
        }),
      bumpsHere: () => here,
    },
    bump: () => {
      current++
    },
    bumpHere: () => {
      current++
      here++
    },
    settle: () => {
      for (const resolve of pending.splice(0)) resolve()
    },
    reads: () => reads,
  }
}

/** A request, with its version read let through. */
async function ask<T>(store: ReturnType<typeof versions>, request: Promise<T>): Promise<T> {
  store.settle()
  await Promise.resolve()
  store.settle()
  return request
}

describe('AnswerCache', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('requests arriving while a version read is in flight share it; the read stands for VERSION_REUSE_MS', async () => {
    const store = versions()
    const cache = new AnswerCache(store.source)
    const compute = vi.fn(async () => 'answer')
    const answers = Promise.all([1, 2, 3].map(() => cache.get('k', Infinity, compute)))
    expect(store.reads()).toBe(1)
    store.settle()
    expect(await answers).toEqual(['answer', 'answer', 'answer'])
    expect(compute).toHaveBeenCalledTimes(1)

    vi.advanceTimersByTime(VERSION_REUSE_MS)
    expect(await cache.get('k', Infinity, compute)).toBe('answer')
    expect(store.reads()).toBe(1)

    vi.advanceTimersByTime(1)
    const next = cache.get('k', Infinity, compute)
    expect(store.reads()).toBe(2)
    store.settle()
    await next
  })

  it('a bump committed here is seen by the next request; one elsewhere within VERSION_REUSE_MS', async () => {
    const store = versions()
    const cache = new AnswerCache(store.source)
    let n = 0
    const compute = async () => ++n
    expect(await ask(store, cache.get('k', Infinity, compute))).toBe(1)

    store.bumpHere()
    expect(await ask(store, cache.get('k', Infinity, compute))).toBe(2)
    expect(store.reads()).toBe(2)

    store.bump()
    expect(await ask(store, cache.get('k', Infinity, compute))).toBe(2)
    vi.advanceTimersByTime(VERSION_REUSE_MS + 1)
    expect(await ask(store, cache.get('k', Infinity, compute))).toBe(3)
  })

  it('a read that a bump here overtook does not stand for the requests after it', async () => {
    const store = versions()
    const cache = new AnswerCache(store.source)
    let n = 0
    const compute = async () => ++n
    const first = cache.get('k', Infinity, compute)
    store.bumpHere()
    expect(await ask(store, first)).toBe(1)
    expect(await ask(store, cache.get('k', Infinity, compute))).toBe(1)
    expect(store.reads()).toBe(2)
  })

  it('reuses an answer up to its age under the same version, then computes again; a failure is not kept', async () => {
    const cache = new AnswerCache({ read: async () => '1', bumpsHere: () => 0 })
    let n = 0
    const compute = async () => ++n
    expect(await cache.get('k', BALANCE_CACHE_MS, compute)).toBe(1)
    vi.advanceTimersByTime(BALANCE_CACHE_MS)
    expect(await cache.get('k', BALANCE_CACHE_MS, compute)).toBe(1)
    vi.advanceTimersByTime(1)
    expect(await cache.get('k', BALANCE_CACHE_MS, compute)).toBe(2)

    const failing = vi.fn(async () => {
      throw new Error('node down')
    })
    await expect(cache.get('f', Infinity, failing)).rejects.toThrow('node down')
    await expect(cache.get('f', Infinity, failing)).rejects.toThrow('node down')
    expect(failing).toHaveBeenCalledTimes(2)
  })
})
