import { encodePaymasterData, STUB_GRANT_SIGNATURE, signGrant } from '@allaccess/chain'
import { addresses } from '@allaccess/chain/deployments'
import { type Address, getAddress, type Hex, numberToHex, pad, toHex } from 'viem'
import { getUserOperationHash } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { recoverAuthorizationAddress } from 'viem/utils'
import { z } from 'zod'
import type { Upstreams } from '../gateway/upstream.js'
import type { Project } from '../projects/index.js'
import type { PaymasterConfig } from './config.js'
import { checkCalls, SPONSORSHIP_RULES, type SponsorshipPolicy, SponsorshipRefusedError } from './policy.js'
import { blockQuantity, chainCalls, GrantReconciler } from './reconcile.js'
import { dayOf, type SponsorshipStore, type Usage } from './store.js'

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((text) => getAddress(text))
const hex = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})*$/, '0x and whole bytes')
  .transform((text) => text as Hex)
const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'a 0x quantity')
  .transform((text) => BigInt(text))
/** The gas limits and fees a v0.8 operation packs in 16 bytes each (accountGasLimits, gasFees, paymasterAndData). */
const quantity128 = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,32}$/, 'a 0x quantity of at most 128 bits')
  .transform((text) => BigInt(text))

/** A v0.8 UserOperation as ERC-7677 passes it (RPC form); gas fields may be missing in the stub request. */
const userOperationSchema = z.object({
  sender: address,
  nonce: quantity,
  factory: z
    .union([address, z.literal('0x7702')])
    .nullish()
    .transform((value) => value ?? undefined),
  factoryData: hex.nullish().transform((value) => value ?? undefined),
  callData: hex,
  callGasLimit: quantity128.optional(),
  verificationGasLimit: quantity128.optional(),
  preVerificationGas: quantity.optional(),
  maxFeePerGas: quantity128,
  maxPriorityFeePerGas: quantity128,
  paymasterVerificationGasLimit: quantity128.optional(),
  paymasterPostOpGasLimit: quantity128.optional(),
  eip7702Auth: z
    .object({
      address,
      chainId: quantity,
      nonce: quantity,
      r: z.string().regex(/^0x[0-9a-fA-F]{1,64}$/),
      s: z.string().regex(/^0x[0-9a-fA-F]{1,64}$/),
      yParity: quantity,
    })
    .nullish(),
})

/** pm_getPaymasterStubData and pm_getPaymasterData: [userOp, entryPoint, chainId, context]. */
export const paymasterParamsSchema = z.tuple([
  userOperationSchema,
  address,
  quantity,
  z.record(z.string(), z.unknown()).nullish(),
])

type Operation = z.infer<typeof userOperationSchema>
type Params = z.infer<typeof paymasterParamsSchema>

/** The 23-byte code of an account delegated (EIP-7702) to `implementation`. */
const delegationCode = (implementation: Address) => `0xef0100${implementation.slice(2)}`.toLowerCase()

/**
 * The ERC-7677 paymaster service (docs/paymaster.md): checks an operation against the project's sponsorship policy
 * and signs the SponsorPaymaster's grant for it, recording each grant; a refusal names the rule.
 */
export class PaymasterService {
  private readonly signer
  private readonly reconciler
  /** The clock of the windows, the days and the settling (a test's own). */
  now: () => number = Date.now

  constructor(
    private readonly store: SponsorshipStore,
    private readonly upstreams: Upstreams,
    private readonly config: PaymasterConfig,
  ) {
    this.signer = privateKeyToAccount(config.signerKey)
    this.reconciler = new GrantReconciler(store, upstreams, () => this.now(), config.settleBlocks)
  }

  /** Settles the project's grants whose window has passed: what the caps count next. */
  reconcile(projectId: string): Promise<void> {
    return this.reconciler.reconcile(projectId)
  }

  has(chainId: number): boolean {
    return this.config.paymasters.has(chainId)
  }

  /** The stub grant the bundler estimates gas with, if the policy would sponsor the operation's calls now. */
  async stubData(project: Project, chainId: number, params: Params) {
    const { op, paymaster, delegating } = await this.checked(chainId, params, 'stub')
    const { policy } = sponsoring(await this.store.policy(project.id), chainId, op, delegating)
    await this.reconcile(project.id)
    const next = { chainId, nonce: op.nonce }
    checkCaps(policy, await this.store.usage(project.id, op.sender, dayOf(this.now()), next), op.sender)
    return {
      paymaster,
      paymasterData: encodePaymasterData(this.window(), STUB_GRANT_SIGNATURE),
      paymasterVerificationGasLimit: numberToHex(this.config.verificationGas),
      paymasterPostOpGasLimit: '0x0',
      sponsor: { name: project.name },
      isFinal: false,
    }
  }

  /** The signed grant for the complete operation, recorded (the caps and budget count it from now). */
  async paymasterData(project: Project, chainId: number, params: Params) {
    const { op, paymaster, delegating, grantBlock } = await this.checked(chainId, params, 'grant')
    const { callGasLimit, verificationGasLimit, preVerificationGas } = op
    if (callGasLimit === undefined || verificationGasLimit === undefined || preVerificationGas === undefined)
      throw new SponsorshipRefusedError(SPONSORSHIP_RULES.gas, 'the operation names no gas limits yet')
    const granted = {
      ...op,
      callGasLimit,
      verificationGasLimit,
      preVerificationGas,
      paymaster,
      paymasterVerificationGasLimit: op.paymasterVerificationGasLimit ?? BigInt(this.config.verificationGas),
      paymasterPostOpGasLimit: op.paymasterPostOpGasLimit ?? 0n,
    }
    const gas =
      callGasLimit +
      verificationGasLimit +
      preVerificationGas +
      granted.paymasterVerificationGasLimit +
      granted.paymasterPostOpGasLimit
    const maxCost = gas * op.maxFeePerGas
    const window = this.window()
    const now = this.now()
    await this.reconcile(project.id)
    return this.store.grant(project.id, async (current, usage) => {
      const { policy, calls } = sponsoring(current, chainId, op, delegating)
      if (gas > BigInt(policy.maxGasPerOp))
        throw new SponsorshipRefusedError(
          SPONSORSHIP_RULES.gas,
          `${gas} gas is more than ${policy.maxGasPerOp}`,
        )
      if (op.maxFeePerGas > BigInt(policy.maxFeePerGasWei))
        throw new SponsorshipRefusedError(
          SPONSORSHIP_RULES.fee,
          `a maxFeePerGas of ${op.maxFeePerGas} wei is more than ${policy.maxFeePerGasWei}`,
        )
      checkCaps(policy, await usage(op.sender, dayOf(now), { chainId, nonce: op.nonce }), op.sender, maxCost)
      const paymasterData = await signGrant(this.signer, granted, window, chainId)
      const userOpHash = getUserOperationHash({
        userOperation: {
          ...granted,
          paymasterData,
          signature: '0x',
          // The hash of a 7702 operation covers the delegate, which checked() made sure is Simple7702Account.
          ...(op.factory === '0x7702' ? { authorization: delegate(chainId) } : {}),
        },
        entryPointAddress: addresses.entryPoint08,
        entryPointVersion: '0.8',
        chainId,
      })
      const row = {
        userOpHash,
        projectId: project.id,
        chainId,
        sender: op.sender.toLowerCase(),
        day: dayOf(now),
        maxCostWei: String(maxCost),
        calls,
        validUntil: window.validUntil,
        nonce: String(op.nonce),
        grantBlock,
        state: 'open' as const,
        actualCostWei: null,
        createdAt: now,
      }
      return { row, answer: { paymaster, paymasterData } }
    })
  }

  private window() {
    return { validUntil: Math.floor(this.now() / 1000) + this.config.grantSeconds, validAfter: 0 }
  }

  /**
   * The checks that need no policy: the chain, the EntryPoint, the paymaster and the account's delegation. A stub
   * grants nothing, so it takes a 7702 authorization the wallet has not signed yet (it signs once the user has
   * approved the estimated operation); a grant needs the signed one.
   */
  private async checked(chainId: number, [op, entryPoint, opChainId]: Params, answer: 'stub' | 'grant') {
    const paymaster = this.config.paymasters.get(chainId)
    if (!paymaster || BigInt(chainId) !== opChainId)
      throw new SponsorshipRefusedError(SPONSORSHIP_RULES.chain, `no sponsorship on chain ${opChainId}`)
    if (entryPoint !== addresses.entryPoint08)
      throw new SponsorshipRefusedError(
        SPONSORSHIP_RULES.entryPoint,
        `only EntryPoint v0.8 (${addresses.entryPoint08}) is sponsored`,
      )
    // A 7702 operation's factoryData would be a call of the account's own, outside the policy's calls; any other
    // factory deploys an account that is not Simple7702Account.
    if (op.factory !== undefined && (op.factory !== '0x7702' || (op.factoryData ?? '0x') !== '0x'))
      throw new SponsorshipRefusedError(
        SPONSORSHIP_RULES.account,
        op.factory === '0x7702'
          ? 'a 7702 operation with factoryData makes a call the policy does not name'
          : `only accounts delegated (EIP-7702) to Simple7702Account are sponsored, not factory ${op.factory}`,
      )
    const implementation = addresses.simple7702Account
    const { code, block } = await this.codeOf(chainId, op.sender)
    const onChain = code === delegationCode(implementation)
    // An authorization, where there is one, must name Simple7702Account even for an account delegated already:
    // the bundle would apply it before the operation runs.
    const delegated = op.eip7702Auth
      ? await authorizes(op.eip7702Auth, op.sender, chainId, implementation, answer === 'grant')
      : onChain
    if (!delegated)
      throw new SponsorshipRefusedError(
        SPONSORSHIP_RULES.account,
        `${op.sender} is not delegated (EIP-7702) to Simple7702Account ${implementation}`,
      )
    // Only a first delegation may make no call: an account delegated already gets no empty operations sponsored.
    return { op, paymaster, delegating: Boolean(op.eip7702Auth) && !onChain, grantBlock: block }
  }

  /**
   * The account's code and the chain's latest block, in one request: a grant's operation can only run in a later
   * block, where the search for its event starts.
   */
  private async codeOf(chainId: number, account: Address) {
    const [code, head] = await chainCalls(this.upstreams, chainId, [
      ['eth_getCode', [account, 'latest']],
      ['eth_blockNumber', []],
    ])
    return {
      code: typeof code === 'string' ? code.toLowerCase() : '',
      block: blockQuantity(head, 'eth_blockNumber'),
    }
  }
}

/** The policy, if it is on and sponsors every call of the operation, and those calls; else the refusal. */
function sponsoring(
  policy: SponsorshipPolicy | undefined,
  chainId: number,
  op: Operation,
  delegating: boolean,
) {
  if (!policy?.enabled)
    throw new SponsorshipRefusedError(SPONSORSHIP_RULES.policy, 'the project sponsors no operations')
  return { policy, calls: checkCalls(policy, chainId, op.callData, delegating) }
}

/**
 * Whether the operation's 7702 authorization delegates the sender to `implementation` on this chain (or any, chain
 * id 0) and, when `signed`, is signed by the sender's key: a site cannot claim an account's delegation for a grant.
 */
async function authorizes(
  auth: NonNullable<Operation['eip7702Auth']>,
  sender: Address,
  chainId: number,
  implementation: Address,
  signed: boolean,
): Promise<boolean> {
  if (auth.address !== implementation || (auth.chainId !== 0n && auth.chainId !== BigInt(chainId)))
    return false
  if (auth.nonce > BigInt(Number.MAX_SAFE_INTEGER) || auth.yParity > 1n) return false
  if (!signed) return true
  const authority = await recoverAuthorizationAddress({
    authorization: {
      address: auth.address,
      chainId: Number(auth.chainId),
      nonce: Number(auth.nonce),
      r: pad(auth.r as Hex),
      s: pad(auth.s as Hex),
      yParity: Number(auth.yParity),
    },
  }).catch(() => undefined)
  return authority === sender
}

/**
 * The daily caps and the budget, with a grant of `maxCost` about to be added — what it may cost beyond the grants
 * it supersedes, counted at their most already — or, for a stub (no cost), whether any budget is left.
 */
function checkCaps(policy: SponsorshipPolicy, usage: Usage, sender: Address, maxCost?: bigint) {
  const cost = maxCost === undefined ? 0n : maxCost > usage.sameNonceWei ? maxCost - usage.sameNonceWei : 0n
  if (usage.accountOps >= policy.accountOpsPerDay)
    throw new SponsorshipRefusedError(
      SPONSORSHIP_RULES.accountCap,
      `${sender} has had its ${policy.accountOpsPerDay} sponsored operations today`,
    )
  if (usage.dayOps >= policy.opsPerDay)
    throw new SponsorshipRefusedError(
      SPONSORSHIP_RULES.dayCap,
      `the project has had its ${policy.opsPerDay} sponsored operations today`,
    )
  const budget = BigInt(policy.budgetWei)
  if (usage.spentWei + cost > budget || (maxCost === undefined && usage.spentWei >= budget))
    throw new SponsorshipRefusedError(
      SPONSORSHIP_RULES.budget,
      `the budget of ${budget} wei has ${budget - usage.spentWei} left, the operation may cost ${cost}`,
    )
}

/** A stand-in authorization naming the delegate, for the v0.8 hash of a 7702 operation (no signature needed). */
function delegate(chainId: number) {
  return {
    address: addresses.simple7702Account,
    chainId,
    nonce: 0,
    r: toHex(0n, { size: 32 }),
    s: toHex(0n, { size: 32 }),
    yParity: 0,
  }
}
