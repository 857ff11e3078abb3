import type { Address, Hex } from 'viem'
import { ApprovalDesk } from './approvals'
import { toProviderRpcError } from './errors'
import { handlerFor } from './methods'
import { RequestLog } from './request-log'
import { changeAccount, changeChain, createWalletState, disconnect } from './state'
import type {
  ApprovalPolicy,
  EmitWalletEvent,
  HeldRequest,
  ScriptedWalletOptions,
  WalletRequest,
  WalletRequestRecord,
} from './types'

/** What a test sees and steers of the wallet, wherever the wallet is plugged in. */
export interface WalletController {
  /** The wallet's current account, whether or not the site may see it. */
  readonly address: Address
  readonly chainId: number
  /** The site holds the `eth_accounts` permission. */
  readonly isPermitted: boolean
  /** Every request so far, oldest first. */
  readonly requests: readonly WalletRequestRecord[]
  /** Decides user-facing requests that no `rejectNext`/`holdNext` claims. Default: approve all. */
  setPolicy(policy: ApprovalPolicy): void
  /** Rejects (4001) the next user-facing request, or the next one for `method`. */
  rejectNext(method?: string): void
  /** Holds the next user-facing request (for `method`) until the handle's approve()/reject(). */
  holdNext(method?: string): HeldRequest
  /** The oldest request for `method` no earlier call returned, waiting up to `timeout` ms (default 10 s). */
  waitForRequest(method: string, options?: { timeout?: number }): Promise<WalletRequestRecord>
  /** Switches to another account, or locks the wallet with null; the site sees `accountsChanged`. */
  emitAccountsChanged(privateKey: Hex | null): Promise<void>
  /** Switches chain from the wallet side; the site sees `chainChanged`. Unknown chain → 4902 error. */
  switchChain(chainId: number): Promise<void>
  /** Drops the site's permission and emits `disconnect` (4900). */
  disconnect(): Promise<void>
}

export interface ScriptedWallet extends WalletController {
  /** Answers one EIP-1193 request; throws `ProviderRpcError`. */
  handle(request: WalletRequest): Promise<unknown>
}

/** An EIP-1193 wallet in Node: one viem account, scripted approvals, state that outlives page loads. */
export function createScriptedWallet(options: ScriptedWalletOptions, emit: EmitWalletEvent): ScriptedWallet {
  const state = createWalletState(options)
  const desk = new ApprovalDesk()
  const log = new RequestLog()

  return {
    get address() {
      return state.account.address
    },
    get chainId() {
      return state.chainId
    },
    get isPermitted() {
      return state.permitted
    },
    requests: log.records,
    setPolicy: (policy) => desk.setPolicy(policy),
    rejectNext: (method) => desk.rejectNext(method),
    holdNext: (method) => desk.holdNext(method),
    waitForRequest: (method, waitOptions) => log.waitFor(method, waitOptions),
    emitAccountsChanged: (privateKey) => changeAccount(state, privateKey, emit),
    switchChain: (chainId) => changeChain(state, chainId, emit),
    disconnect: () => disconnect(state, emit),

    async handle(request) {
      const record = log.open(request)
      try {
        const handler = handlerFor(request.method)
        const result = await handler({ state, request, emit, askUser: () => desk.ask(request) })
        log.succeed(record, result)
        return result
      } catch (error) {
        const rpcError = toProviderRpcError(error)
        log.fail(record, rpcError.toShape())
        throw rpcError
      }
    },
  }
}
