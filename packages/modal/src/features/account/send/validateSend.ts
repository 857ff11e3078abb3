import type { TokenBalance } from '@allaccess/protocol'
import type { ChainFamily } from '../../../chains/types'
import { toDecimal, toUnits } from '../../../kernel/bigDecimal'
import { AccountError, type AccountErrorCode, AccountErrorText } from '../errors'

export type SendForm = { token: TokenBalance | undefined; amount: string; receiver: string }

/** A valid form, ready to send: the receiver with its 0x, the amount in the token's base units. */
export type ValidSend = { token: TokenBalance; receiver: string; units: bigint; amount: string }

/**
 * docs/behaviour.md#send: the form's rules, in the order the visitor meets them. Throws an AccountError whose
 * text is what the form says; the fee is checked once it is known (`fitsBalance`). The receiver is read by the network's chain family.
 */
export function validateSend(
  { token, amount, receiver }: SendForm,
  family: Pick<ChainFamily, 'parseAddress' | 'addressFormat'> | undefined,
): ValidSend {
  const fail = (code: AccountErrorCode): never => {
    throw new AccountError(code)
  }
  if (!amount.trim() || !receiver.trim()) fail('amountAndReceiverRequired')
  if (!token) return fail('tokenRequired')
  const parsed = family?.parseAddress(receiver) ?? { problem: 'invalidReceiver' }
  if ('problem' in parsed && parsed.problem === 'invalidReceiver')
    throw new AccountError('invalidReceiver', { text: invalidReceiverText(family) })
  if ('problem' in parsed) return fail(parsed.problem)
  const decimal = toDecimal(amount)
  if (decimal.lte(0)) fail('amountNotPositive')
  const units = toUnits(amount, Number(token.quantity.decimals))
  if (decimal.gt(toDecimal(token.quantity.numeric))) fail('notEnoughFunds')
  return { token, receiver: parsed.address, units, amount: decimal.toFixed() }
}

/** 'The receiver address is not valid', then what the network's family takes (EVM: '40 hex characters, 0x optional'). */
export const invalidReceiverText = (family: Pick<ChainFamily, 'addressFormat'> | undefined) =>
  family ? `${AccountErrorText.invalidReceiver}: ${family.addressFormat}` : AccountErrorText.invalidReceiver

/** With the fee known: a native transfer needs the amount and the fee; a token transfer needs the fee in the coin. */
export function fitsBalance(send: ValidSend, fee: bigint, native: TokenBalance | undefined): boolean {
  if (!native) return true
  const decimals = Number(native.quantity.decimals)
  const available = toUnits(native.quantity.numeric, decimals)
  return (send.token.address ? fee : send.units + fee) <= available
}
