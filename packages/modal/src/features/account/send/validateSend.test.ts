import type { TokenBalance } from '@allaccess/protocol'
import { describe, expect, it } from 'vitest'
import { evmFamily } from '../../../chains/evm/evmFamily'
import { AccountErrorText } from '../errors'
import { fitsBalance, invalidReceiverText, validateSend } from './validateSend'

// The behaviour these tests check: docs/behaviour.md#send.

const token = (
  numeric: string,
  decimals = '6',
  address: string | null = 'eip155:31337:0xabc',
): TokenBalance => ({
  name: 'TestUSD',
  symbol: 'TUSD',
  chainId: 'eip155:31337',
  ...(address ? { address } : {}),
  price: 1,
  value: Number(numeric),
  quantity: { decimals, numeric },
  iconUrl: '',
})
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe('Sending: the form rules', () => {
  it("an amount and a receiver address are required, then a token, with the product's exact texts", () => {
    expect(() => validateSend({ token: token('10'), amount: '', receiver: RECEIVER }, evmFamily)).toThrow(
      AccountErrorText.amountAndReceiverRequired,
    )
    expect(() => validateSend({ token: token('10'), amount: '1', receiver: ' ' }, evmFamily)).toThrow(
      AccountErrorText.amountAndReceiverRequired,
    )
    expect(() => validateSend({ token: undefined, amount: '1', receiver: RECEIVER }, evmFamily)).toThrow(
      AccountErrorText.tokenRequired,
    )
  })

  it('takes a receiver in one case or checksummed, with or without 0x, and says why a wrong one is wrong', () => {
    for (const receiver of [
      RECEIVER,
      RECEIVER.toLowerCase(),
      RECEIVER.slice(2),
      `0x${RECEIVER.slice(2).toUpperCase()}`,
    ]) {
      expect(
        validateSend({ token: token('10'), amount: '1', receiver }, evmFamily).receiver.toLowerCase(),
      ).toBe(RECEIVER.toLowerCase())
    }
    expect(() => validateSend({ token: token('10'), amount: '1', receiver: '0x1234' }, evmFamily)).toThrow(
      'The receiver address is not valid: 40 hex characters, 0x optional',
    )
    const typo = RECEIVER.replace('Cd', 'cD')
    expect(() => validateSend({ token: token('10'), amount: '1', receiver: typo }, evmFamily)).toThrow(
      AccountErrorText.badChecksum,
    )
  })

  it("names the network family's address format when the receiver is none of its addresses", () => {
    const solanaLike = {
      parseAddress: () => ({ problem: 'invalidReceiver' }) as const,
      addressFormat: 'base58',
    }
    expect(() => validateSend({ token: token('10'), amount: '1', receiver: 'nope' }, solanaLike)).toThrow(
      'The receiver address is not valid: base58',
    )
    expect(invalidReceiverText(undefined)).toBe('The receiver address is not valid')
  })

  it('refuses an amount that is not a number, not above zero, finer than the token, or above the balance', () => {
    const form = { token: token('10'), receiver: RECEIVER }
    expect(() => validateSend({ ...form, amount: 'ten' }, evmFamily)).toThrow(AccountErrorText.invalidNumber)
    expect(() => validateSend({ ...form, amount: '0' }, evmFamily)).toThrow(
      AccountErrorText.amountNotPositive,
    )
    expect(() => validateSend({ ...form, amount: '0.0000001' }, evmFamily)).toThrow(
      AccountErrorText.invalidAmount,
    )
    expect(() => validateSend({ ...form, amount: '10.000001' }, evmFamily)).toThrow(
      AccountErrorText.notEnoughFunds,
    )
    expect(validateSend({ ...form, amount: '10' }, evmFamily).units).toBe(10_000_000n)
  })

  it('a native transfer must leave room for the fee; a token transfer needs the fee in the native coin', () => {
    const eth = token('1', '18', null)
    const all = validateSend({ token: eth, amount: '1', receiver: RECEIVER }, evmFamily)
    expect(fitsBalance(all, 21_000n, eth)).toBe(false)
    expect(
      fitsBalance(validateSend({ token: eth, amount: '0.5', receiver: RECEIVER }, evmFamily), 21_000n, eth),
    ).toBe(true)
    const usd = validateSend({ token: token('10'), amount: '10', receiver: RECEIVER }, evmFamily)
    expect(fitsBalance(usd, 10n ** 18n, eth)).toBe(true)
    expect(fitsBalance(usd, 10n ** 18n + 1n, eth)).toBe(false)
  })
})
