import Big from 'big.js'
import { BIG_DECIMAL_PLACES } from './constants'
import { DecimalError } from './decimalErrors'

/** big.js's largest number of decimal places. */
const BIG_DECIMAL_PLACES_MAX = 1_000_000

/**
 * Amounts as decimals (docs/behaviour.md#send): big.js with its own settings, 20 places and rounding half-up,
 * so a site's own use of big.js is left alone. Every failure is a DecimalError with a stable code.
 */
const Decimal = Big()
Decimal.DP = BIG_DECIMAL_PLACES
Decimal.RM = Big.roundHalfUp

/** A decimal number typed by a person or read from an answer ('12.5', '0.000001'); anything else is refused. */
export function toDecimal(value: string | number): Big {
  try {
    return new Decimal(typeof value === 'string' ? value.trim() : value)
  } catch (cause) {
    throw new DecimalError('invalidNumber', { cause })
  }
}

/** `dividend / divisor` to `places` decimals (default 20), half-up; division by zero is refused. */
export function divide(dividend: Big, divisor: Big, places = BIG_DECIMAL_PLACES): Big {
  if (!Number.isInteger(places) || places < 0 || places > BIG_DECIMAL_PLACES_MAX) {
    throw new DecimalError('invalidDecimalPlaces')
  }
  if (divisor.eq(0)) throw new DecimalError('divisionByZero')
  return dividend.div(divisor).round(places, Big.roundHalfUp)
}

/** Whole tokens ('1.5') as base units of a token with `decimals` (1500000 for 6); extra decimals are refused. */
export function toUnits(amount: string, decimals: number): bigint {
  const units = toDecimal(amount).times(`1e${decimals}`)
  if (!units.eq(units.round(0, Big.roundDown))) throw new DecimalError('invalidAmount')
  return BigInt(units.toFixed(0))
}

/** Base units as whole tokens, exact: 1500000 with 6 decimals is '1.5'. */
export function fromUnits(units: bigint, decimals: number): string {
  return new Decimal(`${units}e-${decimals}`).toFixed()
}
