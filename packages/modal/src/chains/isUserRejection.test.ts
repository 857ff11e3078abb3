import { describe, expect, it } from 'vitest'
import { FrameRequestError } from '../embedded/frameHost'
import { isUserRejection } from './isUserRejection'

// The behaviour these tests check: docs/behaviour.md#errors.

describe("User rejection: messages containing 'user rejected' or 'connection request reset'", () => {
  it.each([
    ['User rejected the request.'],
    ['MetaMask Tx Signature: USER REJECTED transaction signature.'],
    ['Connection request reset. Please try again.'],
  ])('counts %j as the user rejecting', (message) => {
    expect(isUserRejection(new Error(message))).toBe(true)
  })

  it('finds the rejection in a wrapped cause and by EIP-1193 code 4001', () => {
    expect(isUserRejection(new Error('Failed', { cause: new Error('user rejected') }))).toBe(true)
    expect(isUserRejection({ code: 4001, message: 'Denied' })).toBe(true)
  })

  it('counts the frame refusing with EIP-1193 code 4001, as a ModalError carries it (rpcCode)', () => {
    expect(isUserRejection(new FrameRequestError('The user declined', 4001))).toBe(true)
    expect(isUserRejection(new FrameRequestError('Internal error', -32603))).toBe(false)
  })

  it('does not count other failures', () => {
    expect(isUserRejection(new Error('Internal JSON-RPC error'))).toBe(false)
    expect(isUserRejection({ code: 4902, message: 'Unrecognized chain ID' })).toBe(false)
    expect(isUserRejection(undefined)).toBe(false)
  })
})
