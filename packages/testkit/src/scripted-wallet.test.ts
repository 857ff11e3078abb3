import {
  createWalletClient,
  custom,
  SwitchChainError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { scriptedWalletForTest, TEST_ORIGIN } from '../test/support/scripted'

/** viem in front of the wallet, the way the site's wagmi sees an injected provider. */
function viemOver(test: ReturnType<typeof scriptedWalletForTest>) {
  const provider = {
    request: ({ method, params }: { method: string; params?: unknown }) => test.call(method, params),
  }
  return createWalletClient({ transport: custom(provider, { retryCount: 0 }) })
}

describe('createScriptedWallet', () => {
  it('raises errors that viem classifies by their EIP-1193 code', async () => {
    const test = scriptedWalletForTest()
    const client = viemOver(test)

    await expect(client.signMessage({ account: test.wallet.address, message: 'x' })).rejects.toBeInstanceOf(
      UnauthorizedProviderError,
    )
    test.wallet.rejectNext()
    await expect(client.requestAddresses()).rejects.toBeInstanceOf(UserRejectedRequestError)
    await expect(
      client.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x5' }] }),
    ).rejects.toBeInstanceOf(SwitchChainError)
    await expect(client.request({ method: 'eth_sign' as 'eth_chainId' })).rejects.toBeInstanceOf(
      UnsupportedProviderMethodError,
    )
  })

  it('logs every request with its origin and outcome', async () => {
    const test = scriptedWalletForTest()
    await test.call('eth_requestAccounts')
    await expect(test.call('wallet_switchEthereumChain', [{ chainId: '0x5' }])).rejects.toThrow()
    expect(test.wallet.requests).toEqual([
      expect.objectContaining({ method: 'eth_requestAccounts', origin: TEST_ORIGIN, outcome: 'succeeded' }),
      expect.objectContaining({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x5' }],
        outcome: 'failed',
        error: expect.objectContaining({ code: 4902 }),
      }),
    ])
  })

  it('lets a policy decide by request', async () => {
    const test = scriptedWalletForTest()
    test.wallet.setPolicy(({ method }) => (method === 'personal_sign' ? 'reject' : 'approve'))
    await test.call('eth_requestAccounts')
    await expect(test.call('personal_sign', ['0x00', test.wallet.address])).rejects.toMatchObject({
      code: 4001,
    })
  })
})
