import { allAccessPassAbi } from '@allaccess/chain/deployments'
import { ModalError } from '@allaccess/modal'
import {
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  HttpRequestError,
  UserRejectedRequestError,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { describeMintError } from './describeMintError'

const reverted = (errorName: 'SoldOut' | 'WalletLimitReached') =>
  new ContractFunctionExecutionError(
    new ContractFunctionRevertedError({
      abi: allAccessPassAbi,
      functionName: 'mint',
      data: encodeErrorResult({ abi: allAccessPassAbi, errorName }),
    }),
    { abi: allAccessPassAbi, functionName: 'mint' },
  )

describe('describeMintError', () => {
  it('says plainly that the visitor rejected', () => {
    expect(describeMintError(new UserRejectedRequestError(new Error('User rejected the request.')))).toBe(
      'You rejected the transaction in your wallet. Nothing was spent.',
    )
  })
  it('names the contract reason', () => {
    expect(describeMintError(reverted('SoldOut'))).toBe('The pass is sold out.')
    expect(describeMintError(reverted('WalletLimitReached'))).toBe(
      'This wallet already holds the maximum number of passes.',
    )
  })
  it('recognises an unreachable RPC', () => {
    expect(describeMintError(new HttpRequestError({ url: 'http://127.0.0.1:1' }))).toBe(
      'The network can’t be reached right now. Check your connection and try again.',
    )
  })
  it("shows a gas-covered batch's failure in the modal's words", () => {
    const refused = new ModalError(
      'noPaymaster',
      'Gas can’t be covered here: the wallet or the site has no paymaster',
    )
    expect(describeMintError(refused)).toBe(
      'Gas can’t be covered here: the wallet or the site has no paymaster',
    )
  })
  it('falls back to a generic sentence', () => {
    expect(describeMintError(new Error('boom'))).toBe('The mint failed. Please try again.')
  })
})
