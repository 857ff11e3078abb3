import { isUserRejection, ModalError } from '@allaccess/modal'
import {
  BaseError,
  ContractFunctionRevertedError,
  HttpRequestError,
  InsufficientFundsError,
  TimeoutError,
} from 'viem'

/** Turns a failed mint into plain words for the visitor; the raw error goes to the console. */
export function describeMintError(error: unknown): string {
  if (isUserRejection(error)) return 'You rejected the transaction in your wallet. Nothing was spent.'
  // The modal's own failures (a gas-covered batch's) are already plain words.
  if (error instanceof ModalError) return error.text
  if (error instanceof BaseError) {
    const revert = error.walk((cause) => cause instanceof ContractFunctionRevertedError)
    if (revert instanceof ContractFunctionRevertedError) {
      switch (revert.data?.errorName) {
        case 'SoldOut':
          return 'The pass is sold out.'
        case 'WalletLimitReached':
          return 'This wallet already holds the maximum number of passes.'
        case 'WrongPrice':
          return 'The mint price changed. Reload the page and try again.'
        default:
          return `The mint was reverted by the contract${revert.reason ? `: ${revert.reason}` : '.'}`
      }
    }
    if (error.walk((cause) => cause instanceof InsufficientFundsError)) {
      return 'Your wallet doesn’t have enough ETH for the mint price plus gas.'
    }
    if (error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError)) {
      return 'The network can’t be reached right now. Check your connection and try again.'
    }
  }
  return 'The mint failed. Please try again.'
}
