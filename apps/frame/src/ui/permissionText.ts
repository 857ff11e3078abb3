import { nativeAmount } from '../networks'
import type { Grant, GrantedPermission } from '../permissions'

const UNITS: [seconds: number, name: string][] = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
]
/** A rate limit's interval in the largest whole unit: 3600 → "1 hour", 5400 → "90 minutes". */
export function durationText(seconds: number): string {
  const [unit, name] = UNITS.find(([size]) => seconds % size === 0) ?? [1, 'second']
  const count = seconds / unit
  return `${count} ${name}${count === 1 ? '' : 's'}`
}

/**
 * One permission as the user reads it before granting (or revoking, with what was used of it), in the coin of the
 * network it is granted on.
 */
export function describePermission(permission: GrantedPermission, chainId: number, withUse: boolean): string {
  const coin = (wei: string) => nativeAmount(BigInt(wei), chainId)
  const what =
    permission.type === 'native-token-transfer'
      ? `Send up to ${coin(permission.allowance)} in all`
      : `Call ${permission.address}: ${permission.calls.join(', ')}${
          BigInt(permission.allowance) > 0n ? `, paying up to ${coin(permission.allowance)} in all` : ''
        }${anyArguments(permission.calls) ? ', with any arguments: any amount, to anyone' : ''}`
  const rate = `, at most ${permission.rateLimit.count} call${permission.rateLimit.count === 1 ? '' : 's'} every ${durationText(permission.rateLimit.interval)}`
  const used = withUse && BigInt(permission.allowance) > 0n ? ` (${coin(permission.spent)} used)` : ''
  return `${what}${rate}${used}`
}

/** The wallet limits no argument: a function that takes any (a token's `transfer(address,uint256)`) is unlimited. */
const anyArguments = (calls: readonly string[]) => calls.some((signature) => !signature.endsWith('()'))

/** The grant's network-fee budget, apart from what it sends (and on revoking, what the fees took). */
export function feeBudgetText(
  grant: Pick<Grant, 'feeBudget' | 'feesSpent'>,
  chainId: number,
  withUse: boolean,
) {
  const coin = (wei: string) => nativeAmount(BigInt(wei), chainId)
  return `Network fees: up to ${coin(grant.feeBudget)} in all${withUse ? ` (${coin(grant.feesSpent)} used)` : ''}`
}

/** A Unix time in the user's own locale and time zone. */
export const dateText = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** When the grant ends. */
export const untilText = (expiry: number) => `Until ${dateText(expiry)}`
