import type { TokenBalance } from '@allaccess/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { evmFamily } from '../../../chains/evm/evmFamily'
import type { Transfer, TransferPlan, WalletActions } from '../../../chains/types'
import { createEnvironment, systemClock } from '../../../kernel/environment'
import { alice, bob, devnetNetwork } from '../../../testing/devnet'
import {
  PENDING_TRANSACTION_POLL_MS,
  RECEIPT_CONFIRMATIONS,
  RECEIPT_RETRY_COUNT,
  RECEIPT_RETRY_DELAY_MS,
  SEND_RECEIPT_WAIT_MS,
} from '../constants'
import type { AccountDeps } from '../deps'
import { AccountErrorText } from '../errors'
import { createSend } from './createSend'

// The behaviour these tests check: docs/behaviour.md#send and docs/behaviour.md#transaction-wait.

const devnet = devnetNetwork
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  price: 0,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
}
const usd: TokenBalance = {
  ...eth,
  name: 'Test USD',
  symbol: 'tUSD',
  address: `eip155:31337:${TOKEN}`,
  quantity: { decimals: '6', numeric: '10' },
}
const FEE = { value: 21_000n * 10n ** 9n, decimals: 18, symbol: 'ETH' }
/** What the wallet prepares: the transfer as asked, at FEE. */
const planOf = (transfer: Transfer): TransferPlan => ({ transfer, fee: FEE })

function harness(wallet: Partial<WalletActions> = {}, options = {}) {
  const actions = {
    prepareTransfer: vi.fn(async (transfer: Transfer) => planOf(transfer)),
    sendTransfer: vi.fn(async () => '0xsent'),
    waitForTransaction: vi.fn(async () => ({ hash: '0xsent', status: 'success' as const })),
    ...wallet,
  } as unknown as WalletActions
  const refresh = vi.fn(async () => {})
  const navigate = vi.fn()
  const send = createSend({
    deps: { wallet: async () => actions } as unknown as AccountDeps,
    account: () => ({ address: alice, network: devnet, tokenBalance: [eth, usd] }),
    modal: { navigate },
    env: createEnvironment({ clock: systemClock, storage: undefined, matchMedia: undefined }),
    refresh,
    options,
    family: () => evmFamily,
  })
  return { send, actions, refresh, navigate }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('Send', () => {
  it('starts on the native coin; the preview checks the form, estimates the fee, and the native coin must cover it', async () => {
    const { send, navigate, actions } = harness()
    send.start()
    expect(navigate).toHaveBeenCalledWith({ view: 'WalletSend' })
    expect(send.state.getState().token).toBe(eth)
    await send.preview()
    expect(send.state.getState().error).toBe(AccountErrorText.amountAndReceiverRequired)
    send.setAmount('1')
    send.setReceiver(bob)
    await send.preview()
    expect(navigate).toHaveBeenLastCalledWith({ view: 'WalletSendPreview' })
    expect(actions.prepareTransfer).toHaveBeenCalledWith({
      network: devnet,
      from: alice,
      to: bob,
      amount: 10n ** 18n,
    })
    expect(send.state.getState()).toMatchObject({ fee: FEE, error: AccountErrorText.notEnoughFunds })
    // Max leaves the fee: the whole balance less the fee.
    send.edit()
    send.max()
    expect(send.state.getState().amount).toBe('0.999979')
  })

  it("says 'error estimating gas' when estimation fails", async () => {
    const { send } = harness({
      prepareTransfer: vi.fn(async () => Promise.reject(new Error('execution reverted'))),
    })
    send.start(usd)
    send.setAmount('5')
    send.setReceiver(bob)
    await send.preview()
    expect(send.state.getState()).toMatchObject({ fee: 'failed', error: AccountErrorText.errorEstimatingGas })
  })

  it("sends a token as its transfer at the estimated fee, waits 25 s for the receipt with the product's rules, then refreshes", async () => {
    const { send, actions, refresh } = harness()
    send.start(usd)
    send.setAmount('5')
    send.setReceiver(bob)
    await send.preview()
    await send.confirm()
    const transfer = { network: devnet, from: alice, to: bob, amount: 5_000_000n, token: TOKEN }
    expect(actions.sendTransfer).toHaveBeenCalledWith(planOf(transfer))
    expect(actions.waitForTransaction).toHaveBeenCalledWith('0xsent', devnet, {
      timeoutMs: SEND_RECEIPT_WAIT_MS,
      confirmations: RECEIPT_CONFIRMATIONS,
      retryCount: RECEIPT_RETRY_COUNT,
      retryDelayMs: RECEIPT_RETRY_DELAY_MS,
    })
    expect(send.state.getState()).toMatchObject({ step: 'done', hash: '0xsent', error: undefined })
    expect(refresh).toHaveBeenCalledExactlyOnceWith('0xsent')
  })

  it("a refusal in the wallet says 'Transaction rejected' and nothing waits", async () => {
    const rejection = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    const { send, actions } = harness({ sendTransfer: vi.fn(async () => Promise.reject(rejection)) })
    send.start()
    send.setAmount('0.5')
    send.setReceiver(bob)
    await send.preview()
    await send.confirm()
    expect(send.state.getState()).toMatchObject({
      step: 'preview',
      error: AccountErrorText.transactionRejected,
    })
    expect(actions.waitForTransaction).not.toHaveBeenCalled()
  })

  it('reports a replacement: repriced is done, cancelled is a failure', async () => {
    const repriced = harness({
      waitForTransaction: vi.fn(async () => ({
        hash: '0xnew',
        status: 'success' as const,
        replacement: 'repriced' as const,
      })),
    })
    const cancelled = harness({
      waitForTransaction: vi.fn(async () => ({
        hash: '0xnew',
        status: 'success' as const,
        replacement: 'cancelled' as const,
      })),
    })
    for (const { send } of [repriced, cancelled]) {
      send.start()
      send.setAmount('0.5')
      send.setReceiver(bob)
      await send.preview()
      await send.confirm()
    }
    expect(repriced.send.state.getState()).toMatchObject({
      step: 'done',
      hash: '0xnew',
      replacement: 'repriced',
    })
    expect(cancelled.send.state.getState()).toMatchObject({
      step: 'failed',
      replacement: 'cancelled',
      error: AccountErrorText.transactionCancelled,
    })
  })

  it('past the wait it stays pending; the watcher (when on) looks every 30 s until it settles', async () => {
    const waitForTransaction = vi
      .fn()
      .mockRejectedValueOnce(new Error('timed out'))
      .mockRejectedValueOnce(new Error('timed out'))
      .mockResolvedValueOnce({ hash: '0xsent', status: 'success' })
    const { send, refresh } = harness({ waitForTransaction }, { watchPendingTransactions: true })
    send.start()
    send.setAmount('0.5')
    send.setReceiver(bob)
    await send.preview()
    await send.confirm()
    expect(send.state.getState()).toMatchObject({
      step: 'pending',
      error: AccountErrorText.transactionWaitTimeout,
    })
    await vi.advanceTimersByTimeAsync(PENDING_TRANSACTION_POLL_MS)
    expect(send.state.getState().step).toBe('pending')
    await vi.advanceTimersByTimeAsync(PENDING_TRANSACTION_POLL_MS)
    expect(send.state.getState()).toMatchObject({ step: 'done', error: undefined })
    expect(refresh).toHaveBeenCalledOnce()
    await vi.advanceTimersByTimeAsync(PENDING_TRANSACTION_POLL_MS * 5)
    expect(waitForTransaction).toHaveBeenCalledTimes(3)

    const off = harness({ waitForTransaction: vi.fn(async () => Promise.reject(new Error('timed out'))) })
    off.send.start()
    off.send.setAmount('0.5')
    off.send.setReceiver(bob)
    await off.send.preview()
    await off.send.confirm()
    await vi.advanceTimersByTimeAsync(PENDING_TRANSACTION_POLL_MS * 5)
    expect(off.actions.waitForTransaction).toHaveBeenCalledOnce()
  })
})
