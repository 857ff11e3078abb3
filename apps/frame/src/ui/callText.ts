import { decodeFunctionData, type Hex, parseAbi } from 'viem'
import { nativeAmount } from '../networks'
import { UNLIMITED_ALLOWANCE } from '../permissions'
import { dateText } from './permissionText'

/** The calls the screen puts into words: the common token functions, and the pass's own mint. */
const KNOWN_FUNCTIONS = parseAbi([
  'function approve(address spender, uint256 amount)',
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function setApprovalForAll(address operator, bool approved)',
  'function mint() payable',
])

export const CALL_WARNINGS = {
  unlimited: 'Unlimited approval: the spender can take all of this token, now and later.',
  everything: 'Full access: the operator can take every one of these tokens, now and later.',
  unknown:
    "This wallet can't read this call, so it can't tell you what it does. Approve only if you trust the site.",
  ownAccount:
    "A call to your own account can make it do anything with what it holds, and this wallet can't show what. Approve only if you trust the site.",
} as const

/** A call in words, and what the user must not miss. */
export type CallWords = { action: string; warning?: string }

const amountOf = (amount: bigint) =>
  amount >= UNLIMITED_ALLOWANCE ? 'an unlimited amount' : `${amount} units`

/**
 * What one call does, as the user reads it before approving (the value it sends is shown beside it). `own` is the
 * wallet's address: a call to it runs the account's own code (a smart account's execute, EIP-7702), so it is named
 * as such and never read as a token's.
 */
export function describeCall(
  { to, value, data }: { to?: string | null; value?: string; data?: string },
  chainId: number,
  own?: string,
): CallWords {
  if (!to) return { action: `Create a contract (${data ? (data.length - 2) / 2 : 0} bytes of code)` }
  const toOwn = own !== undefined && to.toLowerCase() === own.toLowerCase()
  if (!data || data === '0x')
    return {
      action: `Send ${nativeAmount(BigInt(value ?? 0), chainId)} to ${toOwn ? 'your own address' : to}`,
    }
  if (toOwn)
    return {
      action: `Call your own account: function ${data.slice(0, 10)} (${(data.length - 2) / 2} bytes of data)`,
      warning: CALL_WARNINGS.ownAccount,
    }
  let call: ReturnType<typeof decodeFunctionData<typeof KNOWN_FUNCTIONS>>
  try {
    call = decodeFunctionData({ abi: KNOWN_FUNCTIONS, data: data as Hex })
  } catch {
    return {
      action: `Call function ${data.slice(0, 10)} of the contract at ${to} (${(data.length - 2) / 2} bytes of data)`,
      warning: CALL_WARNINGS.unknown,
    }
  }
  switch (call.functionName) {
    case 'approve': {
      const [spender, amount] = call.args
      return {
        action: `Allow ${spender} to spend ${amountOf(amount)} of the token at ${to}`,
        ...(amount >= UNLIMITED_ALLOWANCE ? { warning: CALL_WARNINGS.unlimited } : {}),
      }
    }
    case 'transfer': {
      const [recipient, amount] = call.args
      return { action: `Transfer ${amount} units of the token at ${to} to ${recipient}` }
    }
    case 'transferFrom': {
      const [from, recipient, amount] = call.args
      return {
        action: `Transfer ${amount} (units, or the NFT of that number) of ${to} from ${from} to ${recipient}`,
      }
    }
    case 'permit': {
      const [owner, spender, amount, deadline] = call.args
      return {
        action: `Let ${spender} spend ${amountOf(amount)} of ${owner}'s token at ${to}, until ${deadlineText(deadline)}`,
        ...(amount >= UNLIMITED_ALLOWANCE ? { warning: CALL_WARNINGS.unlimited } : {}),
      }
    }
    case 'setApprovalForAll': {
      const [operator, approved] = call.args
      return approved
        ? { action: `Allow ${operator} to take all your tokens of ${to}`, warning: CALL_WARNINGS.everything }
        : { action: `Take back ${operator}'s access to your tokens of ${to}` }
    }
    case 'mint':
      return { action: `Mint at ${to}` }
  }
}

/** The last second a JavaScript date can name (8.64e15 ms). */
const LAST_DATE_S = 8_640_000_000_000n
/** A permit's deadline as a date, or "no end" for the far-off values sites use for ever. */
const deadlineText = (deadline: bigint) => (deadline > LAST_DATE_S ? 'no end' : dateText(Number(deadline)))

/** The network fee a send can cost at most, or plainly that it is not known yet. */
export const feeText = (fee: bigint | undefined, chainId: number) =>
  fee === undefined ? 'Not known until it is sent' : `Up to ${nativeAmount(fee, chainId)}`
