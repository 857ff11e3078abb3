import { describe, expect, it } from 'vitest'
import { scriptedWalletForTest } from '../../test/support/scripted'

describe('wallet_switchEthereumChain', () => {
  it('switches after approval and emits chainChanged', async () => {
    const { wallet, call, events } = scriptedWalletForTest()
    expect(await call('wallet_switchEthereumChain', [{ chainId: '0x1' }])).toBeNull()
    expect(wallet.chainId).toBe(1)
    expect(events).toEqual([{ name: 'chainChanged', payload: '0x1' }])
  })

  it('stays put when rejected, and does not ask for the current chain', async () => {
    const { wallet, call, events } = scriptedWalletForTest()
    wallet.rejectNext()
    await expect(call('wallet_switchEthereumChain', [{ chainId: '0x1' }])).rejects.toMatchObject({
      code: 4001,
    })
    wallet.rejectNext()
    expect(await call('wallet_switchEthereumChain', [{ chainId: '0x7a69' }])).toBeNull()
    expect(wallet.chainId).toBe(31337)
    expect(events).toEqual([])
  })

  it('answers 4902 for an unknown chain, before any prompt, from the page or the wallet side', async () => {
    const { wallet, call } = scriptedWalletForTest()
    wallet.rejectNext()
    await expect(call('wallet_switchEthereumChain', [{ chainId: '0x89' }])).rejects.toMatchObject({
      code: 4902,
    })
    await expect(wallet.switchChain(137)).rejects.toMatchObject({ code: 4902 })
    await expect(call('wallet_switchEthereumChain', [{ chainId: '0x1' }])).rejects.toMatchObject({
      code: 4001,
    })
  })
})

describe('wallet_addEthereumChain', () => {
  it('adds the chain and switches to it with one approval', async () => {
    const { wallet, call, events } = scriptedWalletForTest()
    const params = [{ chainId: '0x2105', chainName: 'Base', rpcUrls: ['http://127.0.0.1:1'] }]
    expect(await call('wallet_addEthereumChain', params)).toBeNull()
    expect(wallet.chainId).toBe(8453)
    expect(events).toEqual([{ name: 'chainChanged', payload: '0x2105' }])
    expect(wallet.requests.at(-1)?.outcome).toBe('succeeded')
  })

  it('needs an RPC URL and leaves the chains alone when rejected', async () => {
    const { wallet, call } = scriptedWalletForTest()
    await expect(call('wallet_addEthereumChain', [{ chainId: '0x2105', rpcUrls: [] }])).rejects.toMatchObject(
      {
        code: -32602,
      },
    )
    wallet.rejectNext()
    const params = [{ chainId: '0x2105', rpcUrls: ['http://127.0.0.1:1'] }]
    await expect(call('wallet_addEthereumChain', params)).rejects.toMatchObject({ code: 4001 })
    await expect(wallet.switchChain(8453)).rejects.toMatchObject({ code: 4902 })
  })
})
