import { describe, expect, it, vi } from 'vitest'
import type { BatchStatus, WalletActions } from '../../../chains/types'
import type { Clock } from '../../../kernel/environment'
import { devnetNetwork } from '../../../testing/devnet'
import { BATCH_POLL_MS, BATCH_WAIT_MS, createBatches } from './createBatches'
import { BatchErrorText } from './errors'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const PAYMASTER = (chainId: number) => `http://cloud.invalid/v1/paymaster?chainId=eip155:${chainId}`

/** A clock whose timers run at once, moving its time on by their delay. */
function steppingClock(): Clock & { waits: number[] } {
  let now = 0
  const waits: number[] = []
  return {
    waits,
    now: () => now,
    setTimeout(run, ms) {
      waits.push(ms)
      now += ms
      queueMicrotask(run)
      return undefined
    },
    clearTimeout() {},
  }
}

function setup({
  support = { atomic: true, paymaster: true },
  statuses = [{ status: 'pending' }, { status: 'success', transactionHash: '0xaa' }] as BatchStatus[],
  connected = true,
  sitePaymaster = true,
  batching = true,
} = {}) {
  const clock = steppingClock()
  const sendCalls = vi.fn(async () => '0xbatch')
  let asked = 0
  const actions = {
    ...(batching
      ? {
          getBatchSupport: vi.fn(async () => support),
          sendCalls,
          getCallsStatus: vi.fn(async () => statuses[Math.min(asked++, statuses.length - 1)] as BatchStatus),
        }
      : {}),
  } as unknown as WalletActions
  const refresh = vi.fn(async () => {})
  const batches = createBatches({
    wallet: async () => actions,
    account: () => (connected ? { address: ADDRESS, network: devnetNetwork } : undefined),
    paymasterUrl: sitePaymaster ? PAYMASTER : undefined,
    clock,
    refresh,
  })
  return { batches, sendCalls, refresh, clock }
}

const MINT = [{ to: '0x5FbDB2315678afecb367f032d93F642f64180aa3', data: '0x1249c58b', value: 10n ** 16n }]

describe('createBatches', () => {
  it('pins its texts and its poll: every 500 ms for at most 180 s', () => {
    expect(BATCH_POLL_MS).toBe(500)
    expect(BATCH_WAIT_MS).toBe(180_000)
    expect(BatchErrorText).toEqual({
      notConnected: 'Connect a wallet to send the calls',
      noAtomicBatches: 'The connected wallet can’t send these calls as one batch',
      noPaymaster: 'Gas can’t be covered here: the wallet or the site has no paymaster',
      batchRejected: 'The batch was rejected in the wallet',
      batchReverted: 'The batch was reverted: none of its calls were made',
      batchFailed: 'The batch was not included on chain',
      batchWaitTimeout: 'Batch wait timeout',
    })
  })

  it('sends a sponsored batch with the cloud’s paymaster of the network, polls it, and reads the account again', async () => {
    const { batches, sendCalls, refresh, clock } = setup()
    await expect(batches.send(MINT, { sponsored: true })).resolves.toEqual({
      id: '0xbatch',
      transactionHash: '0xaa',
    })
    expect(sendCalls).toHaveBeenCalledWith({
      from: ADDRESS,
      network: devnetNetwork,
      calls: MINT,
      paymasterUrl: 'http://cloud.invalid/v1/paymaster?chainId=eip155:31337',
    })
    expect(clock.waits).toEqual([500])
    expect(refresh).toHaveBeenCalledWith('0xaa')
  })

  it('a batch not asked to be sponsored carries no paymaster', async () => {
    const { batches, sendCalls } = setup()
    await batches.send(MINT)
    expect(sendCalls).toHaveBeenCalledWith({ from: ADDRESS, network: devnetNetwork, calls: MINT })
  })

  it('says what the wallet and the site can do: sponsored only with both paymasters', async () => {
    expect(await setup().batches.ability()).toEqual({ atomic: true, paymaster: true, sponsored: true })
    expect(await setup({ sitePaymaster: false }).batches.ability()).toMatchObject({ sponsored: false })
    expect(await setup({ support: { atomic: true, paymaster: false } }).batches.ability()).toMatchObject({
      sponsored: false,
    })
    expect(await setup({ batching: false }).batches.ability()).toEqual({
      atomic: false,
      paymaster: false,
      sponsored: false,
    })
  })

  it('refuses by name: not connected, no atomic batches, no paymaster', async () => {
    await expect(setup({ connected: false }).batches.send(MINT)).rejects.toMatchObject({
      code: 'notConnected',
      text: 'Connect a wallet to send the calls',
    })
    for (const options of [{ batching: false }, { support: { atomic: false, paymaster: true } }])
      await expect(setup(options).batches.send(MINT)).rejects.toMatchObject({
        code: 'noAtomicBatches',
        text: 'The connected wallet can’t send these calls as one batch',
      })
    for (const options of [{ sitePaymaster: false }, { support: { atomic: true, paymaster: false } }]) {
      const { batches, sendCalls } = setup(options)
      await expect(batches.send(MINT, { sponsored: true })).rejects.toMatchObject({
        code: 'noPaymaster',
        text: 'Gas can’t be covered here: the wallet or the site has no paymaster',
      })
      expect(sendCalls).not.toHaveBeenCalled()
    }
  })

  it('a rejection in the wallet, a refusal in its own words, a revert and a batch never included', async () => {
    const rejected = setup()
    rejected.sendCalls.mockRejectedValueOnce(Object.assign(new Error('User rejected'), { code: 4001 }))
    await expect(rejected.batches.send(MINT)).rejects.toMatchObject({ code: 'batchRejected' })
    const refused = setup()
    refused.sendCalls.mockRejectedValueOnce(new Error('Sponsorship refused (calls.contract)'))
    await expect(refused.batches.send(MINT, { sponsored: true })).rejects.toMatchObject({
      code: 'batchFailed',
      text: 'Sponsorship refused (calls.contract)',
    })
    await expect(
      setup({ statuses: [{ status: 'reverted', transactionHash: '0xbb' }] }).batches.send(MINT),
    ).rejects.toMatchObject({
      code: 'batchReverted',
      text: 'The batch was reverted: none of its calls were made',
    })
    await expect(
      setup({ statuses: [{ status: 'failed', transactionHash: undefined }] }).batches.send(MINT),
    ).rejects.toMatchObject({ code: 'batchFailed', text: 'The batch was not included on chain' })
  })

  it('gives up after 180 s of pending', async () => {
    const { batches, clock, refresh } = setup({ statuses: [{ status: 'pending' }] })
    await expect(batches.send(MINT)).rejects.toMatchObject({ code: 'batchWaitTimeout' })
    expect(clock.waits).toHaveLength(BATCH_WAIT_MS / BATCH_POLL_MS)
    expect(refresh).not.toHaveBeenCalled()
  })
})
