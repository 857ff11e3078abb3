import { describe, expect, it } from 'vitest'
import { scriptedWalletForTest } from '../../test/support/scripted'

describe('eth_chainId / net_version', () => {
  it('reports the current chain as hex and as a decimal string', async () => {
    const { wallet, call } = scriptedWalletForTest({ initialChainId: 1 })
    expect(await call('eth_chainId')).toBe('0x1')
    await wallet.switchChain(31337)
    expect(await call('eth_chainId')).toBe('0x7a69')
    expect(await call('net_version')).toBe('31337')
  })
})
