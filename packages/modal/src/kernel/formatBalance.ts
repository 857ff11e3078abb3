import { BALANCE_DISPLAY_DECIMALS } from './constants'

/**
 * docs/behaviour.md#balance: truncated, never rounded up, so the modal never shows
 * more than the wallet holds. Trailing zeros are dropped.
 */
export function formatBalance(value: bigint, decimals: number, places = BALANCE_DISPLAY_DECIMALS): string {
  const negative = value < 0n
  const magnitude = negative ? -value : value
  const base = 10n ** BigInt(decimals)
  const whole = magnitude / base
  const fraction = (magnitude % base).toString().padStart(decimals, '0').slice(0, places).replace(/0+$/, '')
  const sign = negative ? '-' : ''
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`
}

/** docs/behaviour.md#balance: a decimal amount truncated (never rounded up) to 3 places, trailing zeros dropped. */
export function truncateAmount(numeric: string, places = BALANCE_DISPLAY_DECIMALS): string {
  const [whole = '0', fraction = ''] = numeric.split('.')
  const kept = fraction.slice(0, places).replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : whole
}
