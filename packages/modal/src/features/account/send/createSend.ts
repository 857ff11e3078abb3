import type { TokenBalance } from '@allaccess/protocol'
import { NameError, NameErrorText } from '../../../api/nameErrors'
import type { Modal } from '../../../app/modal'
import type { Chains } from '../../../chains/createChains'
import { isUserRejection } from '../../../chains/isUserRejection'
import type {
  Balance,
  ChainFamily,
  Network,
  Replacement,
  Transfer,
  TransferPlan,
} from '../../../chains/types'
import { fromUnits, toUnits } from '../../../kernel/bigDecimal'
import { DecimalError } from '../../../kernel/decimalErrors'
import type { Environment } from '../../../kernel/environment'
import { createStore } from '../../../kernel/store'
import {
  RECEIPT_CONFIRMATIONS,
  RECEIPT_RETRY_COUNT,
  RECEIPT_RETRY_DELAY_MS,
  SEND_RECEIPT_WAIT_MS,
} from '../constants'
import type { AccountDeps } from '../deps'
import { AccountError, type AccountErrorCode, AccountErrorText } from '../errors'
import type { AccountOptions } from '../options'
import { fitsBalance, type SendForm, type ValidSend, validateSend } from './validateSend'
import { watchPendingTransaction } from './watchPendingTransaction'

/** Where a send is: filling the form, checking the preview, waiting on the wallet, then on the chain. */
export type SendStep = 'form' | 'preview' | 'confirming' | 'pending' | 'done' | 'failed'

export type SendState = SendForm & {
  step: SendStep
  /** The form's or the send's failure, as the visitor reads it. */
  error: string | undefined
  /** The estimated network fee once known; 'failed' when estimation failed ('error estimating gas'). */
  fee: Balance | 'estimating' | 'failed' | undefined
  /** The transfer as prepared with that fee: what the visitor confirms, and exactly what is sent. */
  plan: TransferPlan | undefined
  hash: string | undefined
  replacement: Replacement | undefined
  /** A name typed as the receiver, and the address it resolved to (the preview shows both). */
  resolved: { name: string; address: string } | undefined
}

const initialSend = (token?: TokenBalance): SendState => ({
  token,
  amount: '',
  receiver: '',
  step: 'form',
  error: undefined,
  fee: undefined,
  plan: undefined,
  hash: undefined,
  replacement: undefined,
  resolved: undefined,
})

type SendDeps = {
  deps: AccountDeps
  /** The account on show: its address, network and token balances. */
  account: () => {
    address: string | undefined
    network: Network | undefined
    tokenBalance: TokenBalance[] | undefined
  }
  modal: Pick<Modal, 'navigate'>
  env: Environment
  /** Balances and activity, read again after a transaction settles (Activity until it lists the transaction). */
  refresh: (transactionHash?: string) => Promise<void>
  options: AccountOptions
  /** The chain family of the account's network: it reads the receiver. */
  family: Chains['family']
}

const textOf = (error: unknown, otherwise: AccountErrorCode) =>
  error instanceof AccountError || error instanceof DecimalError ? error.text : AccountErrorText[otherwise]
/** A receiver typed as a name ("alice.allaccess.eth"), not an address of the network's family. */
const isName = (receiver: string, family: ChainFamily | undefined) =>
  receiver.includes('.') && !(family && 'address' in family.parseAddress(receiver))
/** The native coin's balance among the tokens (no contract address). */
export const nativeOf = (balances: TokenBalance[] | undefined) =>
  balances?.find((balance) => !balance.address)
const contractOf = (token: TokenBalance) => token.address?.split(':')[2]

/**
 * Send (docs/behaviour.md#send): a token from the account's balances, an amount (Max), a receiver; a preview
 * with the estimated network fee; the wallet's confirmation; pending with the hash until the receipt, then done,
 * and the account's balances and activity are read again.
 */
export function createSend({ deps, account, modal, env, refresh, options, family }: SendDeps) {
  const state = createStore<SendState>(initialSend())
  let stopWatching = () => {}
  /** Fields change: the form's earlier verdict and fee no longer hold. */
  const edit = (patch: Partial<SendForm>) =>
    state.setState({
      ...patch,
      error: undefined,
      fee: undefined,
      plan: undefined,
      ...(patch.receiver === undefined ? {} : { resolved: undefined }),
    })

  function transferOf(send: ValidSend): Transfer {
    const { address, network } = account()
    if (!address || !network) throw new AccountError('tokenBalanceUnavailable')
    const token = contractOf(send.token)
    return { network, from: address, to: send.receiver, amount: send.units, ...(token ? { token } : {}) }
  }

  async function estimate(send: ValidSend): Promise<void> {
    state.setState({ fee: 'estimating', plan: undefined })
    try {
      const plan = await (await deps.wallet()).prepareTransfer(transferOf(send))
      const enough = fitsBalance(send, plan.fee.value, nativeOf(account().tokenBalance))
      state.setState({ fee: plan.fee, plan, error: enough ? undefined : AccountErrorText.notEnoughFunds })
    } catch (error) {
      console.warn('Gas estimation failed', error)
      state.setState({ fee: 'failed', plan: undefined, error: AccountErrorText.errorEstimatingGas })
    }
  }

  /** The checked form (a resolved name's address as the receiver), or undefined with the reason shown. */
  function checked(): ValidSend | undefined {
    const form = state.getState()
    try {
      const { network } = account()
      return validateSend(
        { ...form, receiver: form.resolved?.address ?? form.receiver },
        network && family(network.chainNamespace),
      )
    } catch (error) {
      state.setState({ error: textOf(error, 'invalidAmount') })
      return undefined
    }
  }

  /**
   * A receiver that is a name (docs/behaviour.md#send) becomes the address it points at on the account's network;
   * false, with the reason shown, when it points nowhere.
   */
  async function resolveReceiver(): Promise<boolean> {
    const { receiver, resolved } = state.getState()
    const name = receiver.trim()
    const network = account().network
    if (!network || !isName(name, family(network.chainNamespace)) || resolved?.name === name) return true
    try {
      if (!deps.names) throw new NameError('resolving')
      const coinTypes = family(network.chainNamespace)?.nameCoinTypes(network) ?? []
      const address = await (await deps.names()).resolve(name, coinTypes)
      if (state.getState().receiver.trim() === name) state.setState({ resolved: { name, address } })
      return true
    } catch (error) {
      state.setState({ error: error instanceof Error ? error.message : NameErrorText.resolving })
      return false
    }
  }

  async function wait(hash: string, transfer: Transfer): Promise<void> {
    const wallet = await deps.wallet()
    const waitFor = (timeoutMs: number) =>
      wallet.waitForTransaction(hash, transfer.network, {
        timeoutMs,
        confirmations: RECEIPT_CONFIRMATIONS,
        retryCount: RECEIPT_RETRY_COUNT,
        retryDelayMs: RECEIPT_RETRY_DELAY_MS,
      })
    const settle = (outcome: Awaited<ReturnType<typeof waitFor>>) => {
      const cancelled = outcome.replacement === 'cancelled'
      const failed = cancelled || outcome.status === 'reverted'
      state.setState({
        step: failed ? 'failed' : 'done',
        hash: outcome.hash,
        replacement: outcome.replacement,
        error: cancelled
          ? AccountErrorText.transactionCancelled
          : failed
            ? AccountErrorText.transactionReverted
            : undefined,
      })
      void refresh(outcome.hash)
    }
    try {
      settle(await waitFor(SEND_RECEIPT_WAIT_MS))
    } catch (error) {
      // Past Send's wait the transaction stays pending; the watcher, when on, keeps looking.
      console.warn('Transaction still pending', error)
      state.setState({ error: AccountErrorText.transactionWaitTimeout })
      if (!options.watchPendingTransactions) return
      stopWatching = watchPendingTransaction(env.clock, () =>
        waitFor(RECEIPT_RETRY_DELAY_MS).then((outcome) => {
          settle(outcome)
          return true
        }),
      )
    }
  }

  return {
    state,
    /** Opens Send, with a token picked when given (a row of the Tokens tab). */
    start(token?: TokenBalance) {
      stopWatching()
      state.setState(initialSend(token ?? nativeOf(account().tokenBalance)))
      modal.navigate({ view: 'WalletSend' })
    },
    setToken: (token: TokenBalance | undefined) => edit({ token }),
    setAmount: (amount: string) => edit({ amount }),
    setReceiver: (receiver: string) => edit({ receiver }),
    /** The whole balance of the token; for the native coin, less the fee when it is known. */
    max() {
      const { token, fee } = state.getState()
      if (!token) return state.setState({ error: AccountErrorText.tokenRequired })
      const decimals = Number(token.quantity.decimals)
      if (token.address || typeof fee !== 'object') return edit({ amount: token.quantity.numeric })
      const units = toUnits(token.quantity.numeric, decimals)
      edit({ amount: fromUnits(units > fee.value ? units - fee.value : 0n, decimals) })
    },
    /** Checks the form (resolving a name), and when it holds, shows the preview and estimates the fee. */
    async preview(): Promise<void> {
      if (!(await resolveReceiver())) return
      const send = checked()
      if (!send) return
      state.setState({ step: 'preview' })
      modal.navigate({ view: 'WalletSendPreview' })
      await estimate(send)
    },
    /** Asks the wallet to send; then waits for the receipt. */
    async confirm(): Promise<void> {
      const send = checked()
      const { plan } = state.getState()
      if (!send || !plan) return
      const { transfer } = plan
      let hash: string
      state.setState({ step: 'confirming', error: undefined })
      try {
        hash = await (await deps.wallet()).sendTransfer(plan)
      } catch (error) {
        const rejected = isUserRejection(error)
        if (!rejected) console.warn('Send failed', error)
        state.setState({
          step: 'preview',
          error: rejected ? AccountErrorText.transactionRejected : AccountErrorText.transactionFailed,
        })
        return
      }
      state.setState({ step: 'pending', hash })
      await wait(hash, transfer)
    },
    /** Back to the form (from the preview, or after a failure); the fee stays known, for Max. */
    edit: () => state.setState({ step: 'form', error: undefined }),
    /** An empty form: what was entered belonged to another chain's account (docs/behaviour.md#send). */
    reset() {
      stopWatching()
      state.setState(initialSend())
    },
    destroy: () => stopWatching(),
  }
}

export type Send = ReturnType<typeof createSend>
