import type { Address, Hex } from 'viem'
import type { ProviderRpcErrorShape } from './errors'

/** A chain the wallet knows. Without `rpcUrl` it can still be current, but reads on it fail (4901). */
export interface WalletChain {
  id: number
  rpcUrl?: string
  name?: string
  /**
   * The ERC-4337 bundler (v0.8) the wallet sends this chain's UserOperations to. With it (and an `rpcUrl`) the
   * wallet speaks EIP-5792 atomically there: a batch is one UserOperation of the account itself, delegated by
   * EIP-7702 to Simple7702Account (the delegation signed with the first batch, as MetaMask's smart account does).
   */
  bundlerUrl?: string
}

/** EIP-6963 provider info, as announced to the page. */
export interface WalletInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

export interface ScriptedWalletOptions {
  privateKey: Hex
  chains: WalletChain[]
  /** Defaults to the first of `chains`. */
  initialChainId?: number
  /**
   * Asset discovery (EIP-5792 `wallet_getCapabilities`, EIP-7811 `wallet_getAssets`): the wallet advertises it
   * and lists the native coin and these ERC-20 tokens, read from the chain. Unset: both methods answer 4200.
   */
  assetDiscovery?: { tokens: Address[] }
}

export interface InjectedWalletOptions extends ScriptedWalletOptions, Partial<WalletInfo> {
  /** Also set `window.ethereum` (legacy injection). Default false: EIP-6963 only. */
  injectWindowEthereum?: boolean
}

export interface WalletRequest {
  method: string
  params?: unknown
  /** Origin of the page that asked (empty when not known). */
  origin: string
}

export type ApprovalDecision = 'approve' | 'reject'

/** Decides a user-facing request, like the human in front of a wallet pop-up. */
export type ApprovalPolicy = (request: WalletRequest) => ApprovalDecision | Promise<ApprovalDecision>

export type RequestOutcome = 'pending' | 'succeeded' | 'rejected' | 'failed'

/** One entry of `wallet.requests`; `outcome`, `result` and `error` fill in when the request settles. */
export interface WalletRequestRecord {
  method: string
  params?: unknown
  origin: string
  outcome: RequestOutcome
  result?: unknown
  error?: ProviderRpcErrorShape
}

/** A request held in the wallet's "pop-up" until the test answers it. */
export interface HeldRequest {
  /** Resolves once a matching request is waiting for the answer. */
  readonly request: Promise<WalletRequest>
  approve(): void
  reject(): void
}

/** Events the wallet emits to the page, per EIP-1193. */
export type WalletEvent =
  | { name: 'accountsChanged'; payload: Hex[] }
  | { name: 'chainChanged'; payload: Hex }
  | { name: 'connect'; payload: { chainId: Hex } }
  | { name: 'disconnect'; payload: ProviderRpcErrorShape }

export type EmitWalletEvent = (event: WalletEvent) => Promise<void>
