import type { WalletState } from '../state'
import type { EmitWalletEvent, WalletRequest } from '../types'

export interface MethodContext {
  readonly state: WalletState
  readonly request: WalletRequest
  readonly emit: EmitWalletEvent
  /** Puts the request in front of the "user"; throws the 4001 error when they reject it. */
  askUser(): Promise<void>
}

export type MethodHandler = (context: MethodContext) => Promise<unknown>
