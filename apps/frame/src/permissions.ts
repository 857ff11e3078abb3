import { bytesToHex, type Hex, parseAbiItem, parseEther, toFunctionSelector, toFunctionSignature } from 'viem'
import * as z from 'zod/mini'
import { address, invalidParams, ProviderError, permissionsContext, quantity } from './rpc'
import type { Vault } from './vault'

/**
 * ERC-7715 permissions held by the wallet itself (signer type `wallet`, as viem's `grantPermissions` asks with a
 * JSON-RPC account): the user approves once what a site may send without asking, and the frame enforces it on each
 * `wallet_sendCalls` that names the grant's context (docs/embedded-wallet.md#permissions). Without smart accounts
 * there is no session key to hand out, so the wallet's own key signs and the frame is the policy's enforcer.
 */

/** A grant lives at most this long: a permission forgotten by the user must still end. */
export const PERMISSION_LIFETIME_MAX_S = 30 * 24 * 60 * 60
/** Active grants a site may hold on one wallet; more is refused until one is revoked or expires. */
export const PERMISSION_GRANTS_MAX = 16
/**
 * The network fees (gas × maxFeePerGas of every call) one grant pays at most, apart from the value it sends: past
 * it, each batch is the user's to approve. The screen names it.
 */
export const PERMISSION_FEE_BUDGET_WEI = parseEther('0.002')
/** The most gas one covered call may use: a call that needs more is the user's to approve. */
export const PERMISSION_CALL_GAS_MAX = 500_000n
/** A grant that names no rate limit gets this one: a grant is never a licence to send without pause. */
export const PERMISSION_DEFAULT_RATE_LIMIT = { count: 10, interval: 60 * 60 } as const
/** An allowance this large is the "unlimited" sentinel of token approvals, not a limit (refused in a grant, flagged on a screen). */
export const UNLIMITED_ALLOWANCE = 2n ** 255n
/** What this wallet can grant and enforce, as `wallet_getCapabilities` says it. */
export const PERMISSION_CAPABILITY = {
  supported: true,
  signerTypes: ['wallet'],
  permissionTypes: ['native-token-transfer', 'contract-call'],
  policyTypes: ['token-allowance', 'rate-limit'],
} as const

const shortText = z.string().check(z.maxLength(256))
const policyEntry = z.object({ type: z.string().check(z.maxLength(64)), data: z.optional(z.unknown()) })
const permissionEntry = z.object({
  type: z.string().check(z.maxLength(64)),
  data: z.optional(z.unknown()),
  policies: z._default(z.array(policyEntry).check(z.maxLength(8)), []),
  required: z.optional(z.boolean()),
})

/** `wallet_grantPermissions`'s parameters as they arrive (viem's shape): parsed before anything else is read. */
export const grantParams = z.tuple([
  z.object({
    expiry: z.number().check(z.int()),
    signer: z.optional(z.object({ type: z.string().check(z.maxLength(64)), data: z.optional(z.unknown()) })),
    permissions: z.array(permissionEntry).check(z.minLength(1), z.maxLength(8)),
  }),
])
/** `wallet_revokePermissions`: the context a grant answered with. */
export const revokeParams = z.tuple([z.object({ permissionsContext })])

const policyData = {
  'token-allowance': z.object({ allowance: quantity }),
  'rate-limit': z.object({
    count: z.number().check(z.int(), z.gte(1), z.lte(10_000)),
    interval: z.number().check(z.int(), z.gte(1), z.lte(PERMISSION_LIFETIME_MAX_S)),
  }),
}
const permissionData = {
  'native-token-transfer': z.object({ ticker: z.optional(shortText) }),
  'contract-call': z.object({
    address,
    calls: z.array(shortText).check(z.minLength(1), z.maxLength(16)),
  }),
}

type RateLimit = { count: number; interval: number }
/** One permission as the frame enforces it: wei amounts as decimal strings, so the grant stores as JSON. */
export type GrantedPermission = {
  /** What the site asked for, as parsed, answered back as granted. */
  asked: { type: string; data: unknown; policies: { type: string; data: unknown }[]; required: boolean }
  allowance: string
  spent: string
  rateLimit: RateLimit
  /** Times (s) of the calls that used it, kept for the rate limit's interval. */
  uses: number[]
} & (
  | { type: 'native-token-transfer' }
  | { type: 'contract-call'; address: Hex; selectors: Hex[]; calls: string[] }
)

export type Grant = {
  context: Hex
  /** The wallet and site it was granted by and to, on one chain. */
  address: string
  site: string
  chainId: number
  expiry: number
  permissions: GrantedPermission[]
  /** Wei the covered calls' network fees may take in all, and have taken. */
  feeBudget: string
  feesSpent: string
}
/** What the user is asked to approve: the grant as it will be enforced. */
export type GrantRequest = Omit<Grant, 'context'>

/**
 * Reads a grant request into what will be enforced, or says why not: an expiry in the past or past the longest
 * lifetime, another signer than the wallet, an unknown policy (a limit the wallet cannot enforce is refused, never
 * ignored), unlimited native spending. An unknown permission is left out unless it is `required`.
 */
export function readGrantRequest(
  [request]: z.infer<typeof grantParams>,
  { address: wallet, site, chainId, now }: { address: string; site: string; chainId: number; now: number },
): GrantRequest {
  if (request.signer && request.signer.type !== 'wallet')
    throw invalidParams('only signer type "wallet" is supported: this wallet has no smart account')
  if (request.expiry <= now) throw invalidParams('expiry is in the past')
  if (request.expiry > now + PERMISSION_LIFETIME_MAX_S)
    throw invalidParams('expiry is more than 30 days away')
  const permissions: GrantedPermission[] = []
  for (const asked of request.permissions) {
    const known = readPermission(asked)
    if (known) permissions.push(known)
    else if (asked.required) throw invalidParams(`permission type "${asked.type}" is not supported`)
  }
  if (permissions.length === 0) throw invalidParams('no permission this wallet supports was asked for')
  return {
    address: wallet.toLowerCase(),
    site,
    chainId,
    expiry: request.expiry,
    permissions,
    feeBudget: PERMISSION_FEE_BUDGET_WEI.toString(),
    feesSpent: '0',
  }
}

function readPermission(asked: z.infer<typeof permissionEntry>): GrantedPermission | undefined {
  if (asked.type !== 'native-token-transfer' && asked.type !== 'contract-call') return undefined
  let allowance = 0n
  let rateLimit: RateLimit | undefined
  // What is answered back (and stored) is what was parsed, never the request's other fields.
  const policies: { type: string; data: unknown }[] = []
  for (const policy of asked.policies) {
    if (policy.type === 'token-allowance') {
      const data = parseOrRefuse(policyData['token-allowance'], policy.data, policy.type)
      allowance = BigInt(data.allowance)
      if (allowance >= UNLIMITED_ALLOWANCE)
        throw invalidParams('token-allowance: an unlimited allowance is refused')
      policies.push({ type: policy.type, data })
    } else if (policy.type === 'rate-limit') {
      rateLimit = parseOrRefuse(policyData['rate-limit'], policy.data, policy.type)
      policies.push({ type: policy.type, data: rateLimit })
    } else throw invalidParams(`policy type "${policy.type}" is not supported`)
  }
  if (!rateLimit) {
    rateLimit = { ...PERMISSION_DEFAULT_RATE_LIMIT }
    // Answered back with the rest, so the site knows the limit it was granted.
    policies.push({ type: 'rate-limit', data: rateLimit })
  }
  const common = {
    allowance: allowance.toString(),
    spent: '0',
    uses: [],
    rateLimit,
  }
  const required = asked.required ?? false
  if (asked.type === 'native-token-transfer') {
    const data = parseOrRefuse(permissionData['native-token-transfer'], asked.data ?? {}, asked.type)
    if (!asked.policies.some((policy) => policy.type === 'token-allowance'))
      throw invalidParams('native-token-transfer needs a token-allowance policy')
    return { ...common, asked: { type: asked.type, data, policies, required }, type: 'native-token-transfer' }
  }
  const data = parseOrRefuse(permissionData['contract-call'], asked.data, asked.type)
  // Shown and kept in their canonical form (`transfer(address,uint256)`): a name, comment or stray character the
  // selector ignores can't make the screen say something else than what is granted.
  const calls = data.calls.map((signature) => {
    try {
      if (!/^[\x20-\x7e]+$/.test(signature)) throw new Error('not printable ASCII')
      const item = parseAbiItem(signature.startsWith('function ') ? signature : `function ${signature}`)
      if (item.type !== 'function') throw new Error('not a function')
      return toFunctionSignature(item)
    } catch {
      throw invalidParams(`"${signature}" is not a function signature`)
    }
  })
  const address = data.address.toLowerCase() as Hex
  return {
    ...common,
    asked: { type: asked.type, data: { address: data.address, calls }, policies, required },
    type: 'contract-call',
    address,
    selectors: calls.map((signature) => toFunctionSelector(signature)),
    calls,
  }
}

function parseOrRefuse<T>(schema: z.ZodMiniType<T>, data: unknown, type: string): T {
  const parsed = schema.safeParse(data)
  if (!parsed.success) throw invalidParams(`${type}: ${parsed.error.issues[0]?.message ?? 'malformed'}`)
  return parsed.data
}

/** A call as the grant pays for it: its gas limit and fee cap as it will be sent, and whether `to` holds code. */
export type PricedCall = {
  to: string
  value?: string
  data?: string
  gas: bigint
  maxFeePerGas: bigint
  toContract: boolean
}

/**
 * The grant after it paid for these calls, or undefined when it does not cover them all: each call with data, or to
 * an address with code (its fallback runs), must go to a contract-call permission's address and one of its
 * functions; a plain transfer to an account without code needs native-token-transfer; each permission's value stays
 * within its allowance and its calls within its rate limit; no call's gas passes the cap, and the calls' fees
 * (gas × maxFeePerGas) stay within the grant's fee budget.
 */
export function spend(grant: Grant, calls: readonly PricedCall[], now: number): Grant | undefined {
  // Uses older than the rate limit's interval no longer count.
  const permissions = grant.permissions.map((permission) => ({
    ...permission,
    uses: permission.uses.filter((time) => time > now - permission.rateLimit.interval),
  }))
  let feesSpent = BigInt(grant.feesSpent)
  for (const call of calls) {
    const selector = call.data && call.data !== '0x' ? call.data.slice(0, 10).toLowerCase() : undefined
    const permission = permissions.find((candidate) =>
      selector === undefined && !call.toContract
        ? candidate.type === 'native-token-transfer'
        : candidate.type === 'contract-call' &&
          candidate.address === call.to.toLowerCase() &&
          candidate.selectors.includes(selector as Hex),
    )
    if (!permission || call.gas > PERMISSION_CALL_GAS_MAX) return undefined
    feesSpent += call.gas * call.maxFeePerGas
    if (feesSpent > BigInt(grant.feeBudget)) return undefined
    const spent = BigInt(permission.spent) + BigInt(call.value ?? '0x0')
    if (spent > BigInt(permission.allowance)) return undefined
    // A rate limit counts calls: a batch of ten is ten uses.
    if (permission.uses.length >= permission.rateLimit.count) return undefined
    permission.spent = spent.toString()
    permission.uses = [...permission.uses, now]
  }
  return { ...grant, permissions, feesSpent: feesSpent.toString() }
}

const STORE_KEY = 'permissions'

/**
 * The grants, in the frame's own storage (never the host's): every change is read, checked and written in one
 * transaction, so two batches spending one allowance at once cannot both pass, even from two frames or tabs.
 */
export function createPermissionStore({ vault, now }: { vault: Vault; now: () => number }) {
  /** One read-check-write of the live grants, atomic across every frame and tab of the frame's origin. */
  function inTurn<T>(work: (grants: Grant[]) => { grants?: Grant[]; result: T }): Promise<T> {
    return vault.update<Grant[], T>(STORE_KEY, (stored) => {
      // A grant stored before fees were counted bounds no fees: it is dropped, not trusted.
      const live = (stored ?? []).filter((grant) => grant.expiry > now() && grant.feeBudget !== undefined)
      const { grants, result } = work(live)
      return grants ? { value: grants, result } : { result }
    })
  }
  const owned = (grant: Grant, wallet: string, site: string) =>
    grant.address === wallet.toLowerCase() && grant.site === site

  return {
    add: (request: GrantRequest): Promise<Grant> =>
      inTurn((grants) => {
        if (
          grants.filter((grant) => owned(grant, request.address, request.site)).length >=
          PERMISSION_GRANTS_MAX
        )
          throw new ProviderError('This site holds too many permissions: revoke one first', -32005)
        const grant = { ...request, context: bytesToHex(crypto.getRandomValues(new Uint8Array(32))) }
        return { grants: [...grants, grant], result: grant }
      }),
    /** The site's live grant for this context on this wallet, if any. */
    find: (context: string, wallet: string, site: string): Promise<Grant | undefined> =>
      inTurn((grants) => ({
        result: grants.find((grant) => grant.context === context && owned(grant, wallet, site)),
      })),
    /** Takes the calls' cost from the grant; false, and nothing taken, when the grant does not cover them. */
    spend: (context: string, wallet: string, site: string, chainId: number, calls: readonly PricedCall[]) =>
      inTurn((grants) => {
        const used = grants.find((grant) => grant.context === context && owned(grant, wallet, site))
        if (!used) throw invalidParams('unknown or expired permissions context')
        const paid = used.chainId === chainId ? spend(used, calls, now()) : undefined
        if (!paid) return { result: false }
        return { grants: grants.map((grant) => (grant === used ? paid : grant)), result: true }
      }),
    revoke: (context: string): Promise<void> =>
      inTurn((grants) => ({
        grants: grants.filter((grant) => grant.context !== context),
        result: undefined,
      })),
    /** The session ended (sign-out, or the cloud refused it): no permission outlives it. */
    clear: (): Promise<void> => inTurn(() => ({ grants: [], result: undefined })),
  }
}

export type PermissionStore = ReturnType<typeof createPermissionStore>

/** The answer to `wallet_grantPermissions` (viem's `GrantPermissionsReturnType`). */
export const grantAnswer = (grant: Grant) => ({
  expiry: grant.expiry,
  grantedPermissions: grant.permissions.map((permission) => permission.asked),
  permissionsContext: grant.context,
})
