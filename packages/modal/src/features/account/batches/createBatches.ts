import { isUserRejection } from '../../../chains/isUserRejection'
import type { BatchCall, BatchSupport, Network, WalletActions } from '../../../chains/types'
import type { Clock } from '../../../kernel/environment'
import { ModalError } from '../../../kernel/errors'
import type { AccountDeps } from '../deps'
import { BatchError } from './errors'

/** A sent batch's status is asked every 500 ms… */
export const BATCH_POLL_MS = 500
/** …for at most 180 s (the transaction wait's bound, docs/behaviour.md#constants), then 'Batch wait timeout'. */
export const BATCH_WAIT_MS = 180_000

/** What the connected wallet does with a batch here; `sponsored` when its gas can be covered (wallet and site). */
export type BatchAbility = BatchSupport & { sponsored: boolean }

/** A batch that succeeded: the wallet's id of it and the transaction that carried it. */
export type BatchResult = { id: string; transactionHash: string | undefined }

type BatchesDeps = {
  wallet: AccountDeps['wallet']
  /** The connected account and its network, when there is one. */
  account: () => { address: string; network: Network | undefined } | undefined
  /** The cloud's paymaster service of a chain; undefined when the site has none. */
  paymasterUrl: ((chainId: number) => string) | undefined
  clock: Clock
  /** Balances and activity, read again once a batch's transaction is mined. */
  refresh: (transactionHash?: string) => Promise<void>
}

type Batching = Required<Pick<WalletActions, 'getBatchSupport' | 'sendCalls' | 'getCallsStatus'>>

const canBatch = (actions: WalletActions): actions is WalletActions & Batching =>
  Boolean(actions.getBatchSupport && actions.sendCalls && actions.getCallsStatus)

/**
 * Atomic batches of the connected wallet (EIP-5792; docs/paymaster.md#sites): what it supports, and a batch sent
 * — sponsored by the site's paymaster when asked — then its status polled until it is mined or the bound passes.
 */
export function createBatches({ wallet, account, paymasterUrl, clock, refresh }: BatchesDeps) {
  const sleep = (ms: number) => new Promise<void>((done) => clock.setTimeout(done, ms))

  async function connected() {
    const on = account()
    if (!on?.network) throw new BatchError('notConnected')
    const actions = await wallet()
    return { address: on.address, network: on.network, actions }
  }

  async function ability(): Promise<BatchAbility> {
    const { address, network, actions } = await connected()
    if (!canBatch(actions)) return { atomic: false, paymaster: false, sponsored: false }
    const support = await actions.getBatchSupport(address, network)
    return { ...support, sponsored: support.atomic && support.paymaster && paymasterUrl !== undefined }
  }

  async function waitFor(actions: Batching, id: string): Promise<BatchResult> {
    const until = clock.now() + BATCH_WAIT_MS
    for (;;) {
      const status = await actions.getCallsStatus(id)
      if (status.status === 'success') return { id, transactionHash: status.transactionHash }
      if (status.status !== 'pending')
        throw new BatchError(status.status === 'reverted' ? 'batchReverted' : 'batchFailed')
      if (clock.now() + BATCH_POLL_MS > until) throw new BatchError('batchWaitTimeout')
      await sleep(BATCH_POLL_MS)
    }
  }

  /**
   * Sends `calls` as one atomic batch; `sponsored`: its gas paid by the site's paymaster (ERC-7677). Resolves once
   * the batch is mined and every call done; rejects with a `BatchError` (the wallet's own error as its cause).
   */
  async function send(calls: readonly BatchCall[], { sponsored = false } = {}): Promise<BatchResult> {
    const { address, network, actions } = await connected()
    if (!canBatch(actions)) throw new BatchError('noAtomicBatches')
    const support = await actions.getBatchSupport(address, network)
    if (!support.atomic) throw new BatchError('noAtomicBatches')
    if (sponsored && (!support.paymaster || !paymasterUrl)) throw new BatchError('noPaymaster')
    let id: string
    try {
      id = await actions.sendCalls({
        from: address,
        network,
        calls,
        ...(sponsored && paymasterUrl ? { paymasterUrl: paymasterUrl(Number(network.id)) } : {}),
      })
    } catch (error) {
      if (isUserRejection(error)) throw new BatchError('batchRejected', { cause: error })
      // A refusal with words of its own (a paymaster's rule, the wallet's reason) is shown as it said it.
      if (error instanceof ModalError) throw error
      const text = error instanceof Error ? error.message : undefined
      throw new BatchError('batchFailed', { cause: error, text })
    }
    const result = await waitFor(actions, id)
    void refresh(result.transactionHash)
    return result
  }

  return { ability, send }
}

export type Batches = ReturnType<typeof createBatches>
