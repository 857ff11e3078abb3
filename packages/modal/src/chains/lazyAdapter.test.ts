import { describe, expect, it } from 'vitest'
import { createTestChainAdapter, testChainFamily, testChainNetwork } from '../testing/testChainAdapter'
import { lazyAdapter } from './lazyAdapter'
import type { ChainAdapter } from './types'

describe('lazyAdapter', () => {
  it('knows its namespace and networks at once; connectors, connections and family once its code is in', async () => {
    const real = createTestChainAdapter()
    let arrive: (adapter: ChainAdapter) => void = () => {}
    const adapter = lazyAdapter(
      { namespace: 'solana', networks: [testChainNetwork] },
      () => new Promise((resolve) => (arrive = resolve)),
    )
    expect(adapter.networks).toEqual([testChainNetwork])
    expect(adapter.getConnectors()).toEqual([])
    expect(adapter.getConnectionState().status).toBe('disconnected')
    expect(adapter.family).toBeUndefined()
    let heard = 0
    adapter.subscribe(() => heard++)
    const connecting = adapter.connect('test-wallet')
    await Promise.resolve()
    arrive(real)
    await connecting
    expect(heard).toBeGreaterThan(0)
    expect(adapter.family).toBe(testChainFamily)
    expect(adapter.getConnectors()).toBe(real.getConnectors())
    expect(adapter.getConnectionState().status).toBe('connected')
    await adapter.switchConnection?.('test-wallet')
    await expect(adapter.loadWalletActions?.()).rejects.toThrow('The chain adapter has no wallet actions')
  })

  it("hands the loaded adapter its modal's embedded frame, and stops it, even when the chunk arrives after", async () => {
    const followed: string[] = []
    let stops = 0
    const real: ChainAdapter = {
      ...createTestChainAdapter(),
      followEmbeddedFrame: (follow) => {
        followed.push('followed')
        return follow(() => followed.push('heard'))
      },
      stop: () => void stops++,
    }
    let arrive: (adapter: ChainAdapter) => void = () => {}
    const adapter = lazyAdapter(
      { namespace: 'solana', networks: [testChainNetwork] },
      () => new Promise((resolve) => (arrive = resolve)),
    )
    let unfollowed = 0
    adapter.followEmbeddedFrame?.((listener) => {
      listener(undefined)
      return () => void unfollowed++
    })
    adapter.stop?.()
    await Promise.resolve()
    arrive(real)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(followed).toEqual(['followed', 'heard'])
    expect(stops).toBe(1)

    // Unfollowed before the chunk arrives: the adapter's own following is undone as soon as it is in.
    let late: (adapter: ChainAdapter) => void = () => {}
    const other = lazyAdapter(
      { namespace: 'solana', networks: [testChainNetwork] },
      () => new Promise((resolve) => (late = resolve)),
    )
    const unfollow = other.followEmbeddedFrame?.(() => () => void unfollowed++)
    unfollow?.()
    await Promise.resolve()
    late(real)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(unfollowed).toBe(1)
  })
})
