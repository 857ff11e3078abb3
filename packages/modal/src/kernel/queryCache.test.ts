import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryCache } from './queryCache'

// The behaviour these tests check: docs/behaviour.md#cache.

const clock = { now: () => Date.now() }

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('Cache: stale times, shared requests, retry gaps', () => {
  it('answers from the cache until the stale time has passed, then asks again', async () => {
    const cache = createQueryCache(clock)
    const run = vi.fn(async () => 'fresh')
    const query = { key: 'balance', fetch: run, staleMs: 30_000 }
    expect(await cache.fetch(query)).toBe('fresh')
    vi.advanceTimersByTime(29_999)
    await cache.fetch(query)
    expect(run).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    await cache.fetch(query)
    expect(run).toHaveBeenCalledTimes(2)
  })

  it('identical requests in flight share one', async () => {
    const cache = createQueryCache(clock)
    let resolve: (value: number) => void = () => {}
    const run = vi.fn(() => new Promise<number>((done) => (resolve = done)))
    const first = cache.fetch({ key: 'k', fetch: run, staleMs: 0 })
    const second = cache.fetch({ key: 'k', fetch: run, staleMs: 0 })
    resolve(7)
    expect(await Promise.all([first, second])).toEqual([7, 7])
    expect(run).toHaveBeenCalledOnce()
  })

  it('after a failure, no new request within the retry gap: the same failure is answered', async () => {
    const cache = createQueryCache(clock)
    const failure = new Error('down')
    const run = vi.fn(async () => {
      throw failure
    })
    const query = { key: 'k', fetch: run, staleMs: 30_000, retryGapMs: 30_000 }
    await expect(cache.fetch(query)).rejects.toBe(failure)
    vi.advanceTimersByTime(29_999)
    await expect(cache.fetch(query)).rejects.toBe(failure)
    expect(run).toHaveBeenCalledOnce()
    vi.advanceTimersByTime(1)
    await expect(cache.fetch(query)).rejects.toBe(failure)
    expect(run).toHaveBeenCalledTimes(2)
  })

  it('a background failure no one waited on starts no gap; one an ask shared in flight does', async () => {
    const cache = createQueryCache(clock)
    const run = vi.fn(async () => Promise.reject(new Error('500')))
    const query = { key: 'tokens', fetch: run, staleMs: 30_000, retryGapMs: 30_000 }
    await expect(cache.fetch({ ...query, background: true })).rejects.toThrow('500')
    expect(cache.get('tokens')?.failedAt).toBeUndefined()
    await expect(cache.fetch(query)).rejects.toThrow('500')
    expect(run).toHaveBeenCalledTimes(2)

    vi.advanceTimersByTime(30_000)
    const prefetch = cache.fetch({ ...query, background: true })
    const asked = cache.fetch(query)
    await expect(Promise.all([prefetch, asked])).rejects.toThrow('500')
    expect(run).toHaveBeenCalledTimes(3)
    await expect(cache.fetch(query)).rejects.toThrow('500')
    expect(run).toHaveBeenCalledTimes(3)
  })

  it('a failure keeps the last data; invalidate makes it stale and lifts the gap', async () => {
    const cache = createQueryCache(clock)
    const run = vi.fn().mockResolvedValueOnce('old').mockRejectedValueOnce(new Error('down'))
    const query = { key: 'a:1', fetch: run, staleMs: 1_000, retryGapMs: 30_000 }
    await cache.fetch(query)
    vi.advanceTimersByTime(1_000)
    await expect(cache.fetch(query)).rejects.toThrow('down')
    expect(cache.get('a:1')?.data).toBe('old')
    run.mockResolvedValueOnce('new')
    cache.invalidate('a:')
    expect(await cache.fetch(query)).toBe('new')
  })

  it('seeded data counts from when it was read; listeners hear every settled key; remove forgets', async () => {
    const cache = createQueryCache(clock)
    const heard: string[] = []
    cache.subscribe((key) => heard.push(key))
    cache.set('seeded', 'stored', Date.now() - 20_000)
    const run = vi.fn(async () => 'read')
    expect(await cache.fetch({ key: 'seeded', fetch: run, staleMs: 30_000 })).toBe('stored')
    vi.advanceTimersByTime(10_000)
    expect(await cache.fetch({ key: 'seeded', fetch: run, staleMs: 30_000 })).toBe('read')
    expect(heard).toEqual(['seeded', 'seeded'])
    cache.remove('seed')
    expect(cache.get('seeded')).toBeUndefined()
  })
})
