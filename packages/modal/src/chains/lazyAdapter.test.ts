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
})
