import { addresses, passConfig, simple7702AccountAbi } from '@allaccess/chain/deployments'
import {
  type Address,
  decodeFunctionData,
  getAddress,
  type Hex,
  parseEther,
  parseGwei,
  size,
  slice,
  toFunctionSelector,
} from 'viem'
import { z } from 'zod'
import { CloudError } from '../errors.js'

// No transforms: the admin API answers with this schema too (the store writes contracts checksummed).
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, '0x and 40 hex digits')
/** A wei amount as a decimal string (JSON has no 256-bit integers). */
const wei = z.string().regex(/^(0|[1-9]\d{0,77})$/, 'a decimal number of wei')
const functionSignature = z
  .string()
  .max(300)
  .regex(
    /^[A-Za-z_$][\w$]*\([\w$,[\]() ]*\)$/,
    'a function signature such as mint() or transfer(address,uint256)',
  )
  .refine((signature) => {
    try {
      toFunctionSelector(signature)
      return true
    } catch {
      return false
    }
  }, 'a function signature viem can read')

/** One contract the policy sponsors calls to, on one chain: which functions, and the most value one call sends. */
export const callRuleSchema = z
  .object({
    chainId: z.number().int().min(1).max(999_999_999_999_999),
    contract: address,
    functions: z.array(functionSignature).min(1).max(50),
    maxValueWei: wei,
  })
  .strict()

/**
 * A project's sponsorship policy (SECURITY.md#paymaster): the paymaster signs a grant only for operations whose
 * every call is to a listed contract and function within its value, whose gas and fee are within bounds, and only
 * while the account's and the project's daily counts and the total budget allow.
 */
export const sponsorshipPolicySchema = z
  .object({
    enabled: z.boolean(),
    calls: z.array(callRuleSchema).max(100),
    /** Grants per account per UTC day. */
    accountOpsPerDay: z.number().int().min(0).max(1_000_000),
    /** Grants per project per UTC day. */
    opsPerDay: z.number().int().min(0).max(100_000_000),
    /** The most all grants may cost together (each counted at its signed maximum). */
    budgetWei: wei,
    /** The most gas one operation may use: its five gas limits together. */
    maxGasPerOp: z.number().int().min(0).max(30_000_000),
    /** The highest maxFeePerGas a grant signs. */
    maxFeePerGasWei: wei,
    /**
     * Also sponsors an operation that makes no call and only delegates its account (EIP-7702, its authorization
     * checked like any): what the e-mail wallet's initSmartAccount sends. The caps and the budget count it.
     */
    delegations: z.boolean().optional(),
  })
  .strict()

export type SponsorshipPolicy = z.infer<typeof sponsorshipPolicySchema>

/** The rule each refusal names (docs/paymaster.md#refusals). */
export const SPONSORSHIP_RULES = {
  policy: 'policy',
  chain: 'chain',
  entryPoint: 'entryPoint',
  account: 'account',
  callData: 'calls',
  contract: 'calls.contract',
  function: 'calls.function',
  value: 'calls.value',
  gas: 'maxGasPerOp',
  fee: 'maxFeePerGasWei',
  accountCap: 'accountOpsPerDay',
  dayCap: 'opsPerDay',
  budget: 'budgetWei',
} as const
export type SponsorshipRule = (typeof SPONSORSHIP_RULES)[keyof typeof SPONSORSHIP_RULES]

/** The paymaster will not sign: `rule` is the policy's rule that says no. */
export class SponsorshipRefusedError extends CloudError<'sponsorshipRefused'> {
  override readonly name = 'SponsorshipRefusedError'
  constructor(
    readonly rule: SponsorshipRule,
    detail: string,
  ) {
    super('sponsorshipRefused', `Sponsorship refused by the project's policy (${rule}): ${detail}`)
  }
}

/**
 * The local project's default (apps/cloud/README.md#paymaster): the devnet pass's mint() at its price, 3 grants
 * per account and 1,000 per day, 10 ETH in all, at most 1.5 M gas at 10 gwei per operation; and an account's
 * delegation alone (the e-mail wallet's initSmartAccount), so a user with no ETH can make the address a smart account.
 */
export const LOCAL_SPONSORSHIP_POLICY: SponsorshipPolicy = Object.freeze({
  enabled: true,
  calls: [
    {
      chainId: 31337,
      contract: addresses.allAccessPass,
      functions: ['mint()'],
      maxValueWei: String(passConfig.priceWei),
    },
  ],
  accountOpsPerDay: 3,
  opsPerDay: 1000,
  budgetWei: String(parseEther('10')),
  maxGasPerOp: 1_500_000,
  maxFeePerGasWei: String(parseGwei('10')),
  delegations: true,
})

export type GrantedCall = { to: Address; selector: Hex; valueWei: string }

/** The calls the account's callData makes: its execute(target, value, data) or executeBatch(calls). */
function accountCalls(callData: Hex): { target: Address; value: bigint; data: Hex }[] {
  let decoded: ReturnType<typeof decodeFunctionData<typeof simple7702AccountAbi>>
  try {
    decoded = decodeFunctionData({ abi: simple7702AccountAbi, data: callData })
  } catch {
    throw new SponsorshipRefusedError(SPONSORSHIP_RULES.callData, "the callData is not the account's execute")
  }
  if (decoded.functionName === 'execute') {
    const [target, value, data] = decoded.args
    return [{ target, value, data }]
  }
  if (decoded.functionName === 'executeBatch') return [...decoded.args[0]]
  throw new SponsorshipRefusedError(
    SPONSORSHIP_RULES.callData,
    `the callData calls the account's ${decoded.functionName}, not execute or executeBatch`,
  )
}

/**
 * The operation's calls if the policy sponsors every one of them on `chainId`; else the refusal naming the rule.
 * `delegating`: the operation carries its account's EIP-7702 authorization, so one without calls is a delegation,
 * sponsored where the policy says `delegations`.
 */
export function checkCalls(
  policy: SponsorshipPolicy,
  chainId: number,
  callData: Hex,
  delegating = false,
): GrantedCall[] {
  const calls = accountCalls(callData)
  if (calls.length === 0 && delegating && policy.delegations) return []
  if (calls.length === 0)
    throw new SponsorshipRefusedError(SPONSORSHIP_RULES.callData, 'the operation makes no call')
  return calls.map(({ target, value, data }) => {
    const to = getAddress(target)
    const rule = policy.calls.find(
      (candidate) => candidate.chainId === chainId && getAddress(candidate.contract) === to,
    )
    if (!rule)
      throw new SponsorshipRefusedError(
        SPONSORSHIP_RULES.contract,
        `${to} on chain ${chainId} is not sponsored`,
      )
    const selector = size(data) >= 4 ? slice(data, 0, 4) : undefined
    const allowed = rule.functions.find((signature) => toFunctionSelector(signature) === selector)
    if (!selector || !allowed)
      throw new SponsorshipRefusedError(
        SPONSORSHIP_RULES.function,
        `${selector ?? 'a call without a function'} on ${to} is not one of ${rule.functions.join(', ')}`,
      )
    if (value > BigInt(rule.maxValueWei))
      throw new SponsorshipRefusedError(
        SPONSORSHIP_RULES.value,
        `${allowed} on ${to} sends ${value} wei, more than ${rule.maxValueWei}`,
      )
    return { to, selector, valueWei: String(value) }
  })
}

/**
 * What became of a grant (docs/paymaster.md): `open` until its window has passed (it counts at its `maxCostWei`),
 * `superseded` by a later grant for the same sender and nonce (only one of them can run: the later one counts),
 * then `paid` (the EntryPoint's UserOperationEvent for it was found: it counts at `actualCostWei`) or `released`
 * (its window passed with no event: it counts nothing).
 */
export const GRANT_STATES = ['open', 'superseded', 'paid', 'released'] as const
export type GrantState = (typeof GRANT_STATES)[number]
