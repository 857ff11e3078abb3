import { describe, expect, it } from 'vitest'
import { divide, fromUnits, toDecimal, toUnits } from './bigDecimal'
import { DecimalErrorText } from './decimalErrors'

// The behaviour these tests check: docs/behaviour.md#send.

describe('Big-decimal arithmetic: 20 places, half-up', () => {
  it('divides to 20 places by default, rounding half-up', () => {
    expect(divide(toDecimal(2), toDecimal(3)).toFixed()).toBe('0.66666666666666666667')
    expect(divide(toDecimal('0.5'), toDecimal(1), 0).toFixed()).toBe('1')
    expect(divide(toDecimal('-0.5'), toDecimal(1), 0).toFixed()).toBe('-1')
  })

  it('rejects an invalid number, division by zero and decimal places outside 0 to 1,000,000', () => {
    expect(() => toDecimal('12abc')).toThrow(DecimalErrorText.invalidNumber)
    expect(() => toDecimal('')).toThrow(DecimalErrorText.invalidNumber)
    expect(() => divide(toDecimal(1), toDecimal(0))).toThrow(DecimalErrorText.divisionByZero)
    expect(() => divide(toDecimal(1), toDecimal(3), -1)).toThrow(DecimalErrorText.invalidDecimalPlaces)
    expect(() => divide(toDecimal(1), toDecimal(3), 1_000_001)).toThrow(DecimalErrorText.invalidDecimalPlaces)
    expect(divide(toDecimal(1), toDecimal(4), 1_000_000).toFixed()).toBe('0.25')
  })

  it('turns whole tokens into base units and back, exactly, refusing more decimals than the token has', () => {
    expect(toUnits('5', 6)).toBe(5_000_000n)
    expect(toUnits('1.000000000000000001', 18)).toBe(1_000_000_000_000_000_001n)
    expect(() => toUnits('0.0000001', 6)).toThrow(DecimalErrorText.invalidAmount)
    expect(fromUnits(1_500_000n, 6)).toBe('1.5')
    expect(fromUnits(10n ** 30n + 1n, 18)).toBe('1000000000000.000000000000000001')
  })
})
