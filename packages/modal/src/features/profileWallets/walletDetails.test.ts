import { describe, expect, it, vi } from 'vitest'
import type { ModalOptions } from '../../app/modal'
import { createChains } from '../../chains/createChains'
import type { WalletActions } from '../../chains/types'
import { createQueryCache } from '../../kernel/queryCache'
import {
  createTestChainAdapter,
  testChainAddress,
  testChainSecondAddress,
} from '../../testing/testChainAdapter'
import { createWalletDetails } from './walletDetails'

// The behaviour these tests check: docs/behaviour.md#profile-wallets (each row's balance and name, spec §2).

/** The test family with a balance per address (9 decimals, TST), and a cloud that names one address. */
function setup({ names = true } = {}) {
  const adapter = createTestChainAdapter()
  const balances: Record<string, bigint> = {
    [testChainAddress]: 1_234_500_000n,
    [testChainSecondAddress]: 500_000_000n,
  }
  const getBalance = vi.fn(async (address: string) => {
    const value = balances[address]
    if (value === undefined) throw new Error('no such account')
    return { value, decimals: 9, symbol: 'TST' }
  })
  adapter.loadWalletActions = async () => ({ getBalance }) as unknown as WalletActions
  const family = adapter.family
  if (family) adapter.family = { ...family, names }
  const identity = vi.fn(async (address: string) => ({
    name: address === testChainAddress ? 'alice.aap' : null,
    avatar: null,
  }))
  const options = { api: { account: async () => ({ identity }) } } as unknown as ModalOptions
  const chains = createChains([adapter])
  const clock = { now: 0 }
  const details = createWalletDetails({ options, chains, cache: createQueryCache({ now: () => clock.now }) })
  const open = () => chains.getConnections().connections.values()
  return { adapter, chains, details, open, getBalance, identity, balances, clock }
}

describe("the Wallets view's balances and names", () => {
  it("reads each wallet's own balance on its network, and its name where it has one", async () => {
    const { adapter, details, open } = setup()
    await adapter.connect('test-wallet')
    await adapter.connect('test-wallet-2')
    await details.load(open())
    expect(details.state.getState()).toEqual({
      'solana/test-wallet': { balance: '1.234 TST', name: 'alice.aap' },
      'solana/test-wallet-2': { balance: '0.5 TST' },
    })
  })

  it("asks the cache each time (one read while it is fresh), and a connection's new account afresh", async () => {
    const { adapter, details, open, getBalance, balances, clock } = setup()
    await adapter.connect('test-wallet')
    await details.load(open())
    await details.load(open())
    expect(getBalance).toHaveBeenCalledTimes(1)
    // Stale (30 s, Account's NATIVE_BALANCE_CACHE_MS): the view opened again shows the new balance.
    balances[testChainAddress] = 2_000_000_000n
    clock.now = 30_001
    await details.load(open())
    expect(details.state.getState()['solana/test-wallet']?.balance).toBe('2 TST')
    // The wallet moves to another account: that account's, nothing of the first's left.
    const moved = [...open()].map((connection) => ({
      ...connection,
      accounts: [{ address: testChainSecondAddress, type: 'eoa' as const }],
    }))
    await details.load(moved)
    expect(getBalance).toHaveBeenCalledTimes(3)
    expect(details.state.getState()['solana/test-wallet']).toEqual({ balance: '0.5 TST' })
  })

  it("a failed balance read shows the network's 0.00; a failed name read shows none", async () => {
    const { adapter, details, open, balances, identity } = setup()
    await adapter.connect('test-wallet')
    delete balances[testChainAddress]
    identity.mockRejectedValueOnce(new Error('cloud down'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await details.load(open())
    expect(details.state.getState()['solana/test-wallet']).toEqual({ balance: '0.00 TST' })
    expect(warn).toHaveBeenCalledWith('Balance lookup failed', expect.any(Error))
    warn.mockRestore()
  })

  it("a family that keeps no names asks the cloud for none (Solana's)", async () => {
    const { adapter, details, open, identity } = setup({ names: false })
    await adapter.connect('test-wallet')
    await details.load(open())
    expect(identity).not.toHaveBeenCalled()
    expect(details.state.getState()['solana/test-wallet']).toEqual({ balance: '1.234 TST' })
  })
})
