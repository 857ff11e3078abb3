import { afterEach, describe, expect, it, vi } from 'vitest'
import { AnswerCache, BALANCE_CACHE_MS } from './answer-cache.js'

/** A version store the test bumps, counting reads; each read resolves only when the test lets it. */
function versions() {
  let current = 1
  let reads = 0
  const pending: (() => void)[] = []
  return {
    read: () =>
      new Promise<string>((resolve) => {
        reads++
        pending.push(() => resolve(String(current)))
      }),
    bump: () => {
      current++
    },
    settle: () => {
      for (const resolve of pending.splice(0)) resolve()
    },
    reads: () => reads,
  }
}

describe('AnswerCache', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('requests arriving while a version read is in flight share it; the next request reads again', async () => {
    const store = versions()
    const cache = new AnswerCache(store.read)
    const compute = vi.fn(async () => 'answer')
    const answers = Promise.all([1, 2, 3].map(() => cache.get('k', Infinity, compute)))
    expect(store.reads()).toBe(1)
    store.settle()
    expect(await answers).toEqual(['answer', 'answer', 'answer'])
    expect(compute).toHaveBeenCalledTimes(1)

    const next = cache.get('k', Infinity, compute)
    expect(store.reads()).toBe(2)
    store.settle()
    await next
  })

  it('an answer computed under an older version is not reused', async () => {
    const store = versions()
    const cache = new AnswerCache(store.read)
    let n = 0
    const compute = async () => ++n
    const first = cache.get('k', Infinity, compute)
    store.settle()
    expect(await first).toBe(1)
    store.bump()
    const second = cache.get('k', Infinity, compute)
    store.settle()
    expect(await second).toBe(2)
  })

  it('reuses an answer up to its age under the same version, then computes again; a failure is not kept', async () => {
    vi.useFakeTimers()
    const cache = new AnswerCache(async () => '1')
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
