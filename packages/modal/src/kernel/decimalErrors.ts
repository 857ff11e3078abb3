import { defineErrors } from './errors'

/** The decimal arithmetic's refusals (kernel/bigDecimal), named once; the account feature shows them as its own. */
export const DecimalErrorText = {
  invalidAmount: 'The amount is not a valid number',
  invalidNumber: 'Invalid number',
  divisionByZero: 'Division by zero',
  invalidDecimalPlaces: 'Decimal places must be 0 to 1,000,000',
} as const

export const DecimalError = defineErrors('DecimalError', DecimalErrorText)
