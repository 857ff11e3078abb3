import { allAccessPassAbi, simple7702AccountAbi, testUsdAbi } from '@allaccess/chain/deployments'
import { encodeFunctionData, numberToHex, parseEther, parseGwei } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_PROJECT } from '../projects/index.js'
import { mintOperation, paymasterCall, refusedRule, withPolicy } from '../test-support/paymaster.js'
import {
  execute,
  MINT,
  projectWithPolicy,
  rpc,
  type SmartAccountStack,
  sponsoredUser,
  startSmartAccountStack,
} from '../test-support/smart-accounts.js'
import { SPONSORSHIP_RULES } from './policy.js'
import { PAYMASTER_METHODS, PAYMASTER_PATH, SPONSORSHIP_REFUSED_CODE } from './routes.js'

let stack: SmartAccountStack
beforeAll(async () => {
  stack = await startSmartAccountStack()
}, 120_000)
afterAll(() => stack?.close())

const pm = (projectId: string, method: string, op: unknown) => paymasterCall(stack, projectId, method, op)
const mintOp = (overrides: Record<string, unknown> = {}) => mintOperation(stack, overrides)
const policy = withPolicy
/** A mint whose own authorization is changed by `change` (still signed as it was). */
const withAuth = async (change: (auth: Record<string, unknown>) => Record<string, unknown>) => {
  const op = await mintOp()
  return { ...op, eip7702Auth: change(op.eip7702Auth) }
}

describe('the paymaster service (ERC-7677) and the bundler, against anvil and Alto', () => {
  it("mints the pass for a fresh EOA holding exactly the price, the local project's policy paying the gas", async () => {
    const { cloud, deployment } = stack
    const { client, owner, bundler, authorization } = await sponsoredUser(stack)
    const hash = await bundler.sendUserOperation({
      calls: [{ to: deployment.addresses.allAccessPass, value: parseEther('0.01'), data: MINT }],
      authorization,
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBe(deployment.addresses.sponsorPaymaster)
    expect(await client.getBalance({ address: owner.address })).toBe(0n)
    expect(
      await client.readContract({
        address: deployment.addresses.allAccessPass,
        abi: allAccessPassAbi,
        functionName: 'balanceOf',
        args: [owner.address],
      }),
    ).toBe(1n)
    // The grant is recorded under the operation's hash, with its calls and the most it could cost.
    const grants = (await (
      await cloud.get(`/admin/v1/projects/${LOCAL_PROJECT.id}/sponsorships`, {
        headers: { authorization: `Bearer ${cloud.adminToken}` },
      })
    ).json()) as { userOpHash: string; sender: string; maxCostWei: string; calls: { selector: string }[] }[]
    const grant = grants.find((g) => g.userOpHash === hash)
    expect(grant?.sender).toBe(owner.address.toLowerCase())
    expect(grant?.calls).toEqual([
      { to: deployment.addresses.allAccessPass, selector: '0x1249c58b', valueWei: '10000000000000000' },
    ])
    expect(BigInt(grant?.maxCostWei ?? 0)).toBeGreaterThanOrEqual(receipt.actualGasCost)
    // Delegated now, the account gets no operation sponsored that makes no call, authorization or not.
    const again = await owner.signAuthorization({
      chainId: 31337,
      nonce: await client.getTransactionCount({ address: owner.address }),
      contractAddress: authorization.address,
    })
    const rpcAuth = {
      address: again.address,
      chainId: numberToHex(again.chainId),
      nonce: numberToHex(again.nonce),
      r: again.r,
      s: again.s,
      yParity: numberToHex(again.yParity ?? 0),
    }
    for (const eip7702Auth of [undefined, rpcAuth]) {
      const callData = encodeFunctionData({
        abi: simple7702AccountAbi,
        functionName: 'executeBatch',
        args: [[]],
      })
      const empty = await mintOp({ sender: owner.address, callData, eip7702Auth })
      expect(refusedRule(await pm(LOCAL_PROJECT.id, 'pm_getPaymasterData', empty))).toBe(
        SPONSORSHIP_RULES.callData,
      )
    }
  })

  it('gives a stub with its own gas limits and the sponsor, then a signed grant, under the policy', async () => {
    expect(PAYMASTER_METHODS).toEqual(['pm_getPaymasterStubData', 'pm_getPaymasterData'])
    expect(SPONSORSHIP_REFUSED_CODE).toBe(-32003)
    const stub = await pm(LOCAL_PROJECT.id, 'pm_getPaymasterStubData', await mintOp())
    expect(stub.result).toMatchObject({
      paymaster: stack.deployment.addresses.sponsorPaymaster,
      paymasterVerificationGasLimit: numberToHex(80_000),
      paymasterPostOpGasLimit: '0x0',
      sponsor: { name: LOCAL_PROJECT.name },
      isFinal: false,
    })
    const data = await pm(LOCAL_PROJECT.id, 'pm_getPaymasterData', await mintOp())
    expect(data.result?.paymaster).toBe(stack.deployment.addresses.sponsorPaymaster)
    // validUntil (6) ‖ validAfter (6) ‖ signature (65)
    expect(data.result?.paymasterData).toMatch(/^0x[0-9a-f]{154}$/)
  })

  it('refuses calls outside the policy, naming the rule', async () => {
    const { allAccessPass, testUsd } = stack.deployment.addresses
    const tokenMint = encodeFunctionData({ abi: testUsdAbi, functionName: 'mint', args: [allAccessPass, 1n] })
    const withdraw = encodeFunctionData({
      abi: allAccessPassAbi,
      functionName: 'withdraw',
      args: [allAccessPass],
    })
    const cases: [string, unknown, string][] = [
      [
        'another contract',
        await mintOp({ callData: execute(testUsd, 0n, tokenMint) }),
        SPONSORSHIP_RULES.contract,
      ],
      [
        'another function',
        await mintOp({ callData: execute(allAccessPass, 0n, withdraw) }),
        SPONSORSHIP_RULES.function,
      ],
      [
        'more value',
        await mintOp({ callData: execute(allAccessPass, parseEther('0.02'), MINT) }),
        SPONSORSHIP_RULES.value,
      ],
      ['no execute', await mintOp({ callData: MINT }), SPONSORSHIP_RULES.callData],
      ['more gas', await mintOp({ callGasLimit: numberToHex(2_000_000) }), SPONSORSHIP_RULES.gas],
      ['a higher fee', await mintOp({ maxFeePerGas: numberToHex(parseGwei('11')) }), SPONSORSHIP_RULES.fee],
      [
        'another delegate',
        await withAuth((auth) => ({ ...auth, address: testUsd })),
        SPONSORSHIP_RULES.account,
      ],
      ['another chain', await withAuth((auth) => ({ ...auth, chainId: '0x1' })), SPONSORSHIP_RULES.account],
      ['no delegation', await mintOp({ eip7702Auth: undefined }), SPONSORSHIP_RULES.account],
      // The EntryPoint would call the account with a 7702 operation's factoryData: a call outside the policy.
      ['factoryData', await mintOp({ factoryData: MINT }), SPONSORSHIP_RULES.account],
      ['a factory', await mintOp({ factory: testUsd, factoryData: MINT }), SPONSORSHIP_RULES.account],
      [
        "another key's authorization",
        await mintOp({ eip7702Auth: (await mintOp()).eip7702Auth }),
        SPONSORSHIP_RULES.account,
      ],
    ]
    for (const [what, op, rule] of cases)
      expect(refusedRule(await pm(LOCAL_PROJECT.id, 'pm_getPaymasterData', op)), what).toBe(rule)
    // The stub is refused as early, for the calls.
    expect(refusedRule(await pm(LOCAL_PROJECT.id, 'pm_getPaymasterStubData', cases[0]?.[1]))).toBe(
      SPONSORSHIP_RULES.contract,
    )
    // The stub takes an authorization the wallet has not signed yet (it signs once the user approves the
    // estimated operation), still only for Simple7702Account on this chain; the grant needs the signed one.
    const unsigned = await withAuth((auth) => ({
      ...auth,
      r: `0x${'f'.repeat(32)}${'0'.repeat(32)}`,
      s: `0x7${'a'.repeat(63)}`,
      yParity: '0x1',
    }))
    expect((await pm(LOCAL_PROJECT.id, 'pm_getPaymasterStubData', unsigned)).result).toBeDefined()
    expect(refusedRule(await pm(LOCAL_PROJECT.id, 'pm_getPaymasterData', unsigned))).toBe(
      SPONSORSHIP_RULES.account,
    )
    for (const what of ['another delegate', 'another chain'])
      expect(
        refusedRule(
          await pm(LOCAL_PROJECT.id, 'pm_getPaymasterStubData', cases.find(([w]) => w === what)?.[1]),
        ),
        what,
      ).toBe(SPONSORSHIP_RULES.account)
    const wrongEntryPoint = await rpc(stack.cloud, PAYMASTER_PATH, LOCAL_PROJECT.id, 'pm_getPaymasterData', [
      await mintOp(),
      '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
      numberToHex(31337),
      {},
    ])
    expect(refusedRule(wrongEntryPoint)).toBe(SPONSORSHIP_RULES.entryPoint)
  })

  it('counts each account against its daily cap', async () => {
    await projectWithPolicy(stack.cloud, 'account-cap', policy({ accountOpsPerDay: 2 }))
    const op = await mintOp()
    expect((await pm('account-cap', 'pm_getPaymasterData', op)).result).toBeDefined()
    expect((await pm('account-cap', 'pm_getPaymasterData', { ...op, nonce: '0x1' })).result).toBeDefined()
    expect(refusedRule(await pm('account-cap', 'pm_getPaymasterData', { ...op, nonce: '0x2' }))).toBe(
      SPONSORSHIP_RULES.accountCap,
    )
    // (A stub for nonce 0 or 1 would be for a regrant, which replaces the grant it counts.)
    expect(refusedRule(await pm('account-cap', 'pm_getPaymasterStubData', { ...op, nonce: '0x2' }))).toBe(
      SPONSORSHIP_RULES.accountCap,
    )
    // Another account is not held back by this one.
    expect((await pm('account-cap', 'pm_getPaymasterData', await mintOp())).result).toBeDefined()
  })

  it("counts the project's grants against its daily cap, even when asked for all at once", async () => {
    await projectWithPolicy(stack.cloud, 'day-cap', policy({ opsPerDay: 3 }))
    const answers = await Promise.all(
      Array.from({ length: 12 }, async () => pm('day-cap', 'pm_getPaymasterData', await mintOp())),
    )
    expect(answers.filter((a) => a.result).length).toBe(3)
    for (const refused of answers.filter((a) => a.error))
      expect(refusedRule(refused)).toBe(SPONSORSHIP_RULES.dayCap)
  })

  it('stops at the budget, each grant counted at the most it can cost', async () => {
    // 600k gas at 2 gwei: 0.0012 ETH each, so a budget of 0.0024 ETH pays for two and then nothing.
    await projectWithPolicy(stack.cloud, 'budget', policy({ budgetWei: String(parseEther('0.0024')) }))
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => pm('budget', 'pm_getPaymasterData', await mintOp())),
    )
    expect(answers.filter((a) => a.result).length).toBe(2)
    for (const refused of answers.filter((a) => a.error))
      expect(refusedRule(refused)).toBe(SPONSORSHIP_RULES.budget)
    expect(refusedRule(await pm('budget', 'pm_getPaymasterStubData', await mintOp()))).toBe(
      SPONSORSHIP_RULES.budget,
    )
  })

  it('sponsors nothing for a project without a policy, or with it switched off', async () => {
    await projectWithPolicy(stack.cloud, 'switched-off', policy({ enabled: false }))
    expect(refusedRule(await pm('switched-off', 'pm_getPaymasterData', await mintOp()))).toBe(
      SPONSORSHIP_RULES.policy,
    )
    const headers = { authorization: `Bearer ${stack.cloud.adminToken}` }
    expect(
      (await stack.cloud.get('/admin/v1/projects/switched-off/sponsorship', { method: 'DELETE', headers }))
        .status,
    ).toBe(204)
    expect(refusedRule(await pm('switched-off', 'pm_getPaymasterStubData', await mintOp()))).toBe(
      SPONSORSHIP_RULES.policy,
    )
  })

  it("sponsors an account's delegation alone (no call) where the policy says delegations, and nothing else without calls", async () => {
    const delegationOnly = encodeFunctionData({
      abi: simple7702AccountAbi,
      functionName: 'executeBatch',
      args: [[]],
    })
    const op = await mintOp({ callData: delegationOnly })
    expect((await pm(LOCAL_PROJECT.id, 'pm_getPaymasterData', op)).result?.paymasterData).toMatch(/^0x/)
    await projectWithPolicy(stack.cloud, 'no-delegations', policy({ delegations: false }))
    expect(refusedRule(await pm('no-delegations', 'pm_getPaymasterStubData', op))).toBe(
      SPONSORSHIP_RULES.callData,
    )
    // Without its authorization it is no delegation: an operation that makes no call (or, undelegated, no account).
    expect(
      refusedRule(await pm(LOCAL_PROJECT.id, 'pm_getPaymasterData', { ...op, eip7702Auth: undefined })),
    ).toBe(SPONSORSHIP_RULES.account)
  })
})
