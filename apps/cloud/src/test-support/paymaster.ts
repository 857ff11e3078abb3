import { numberToHex, parseEther } from 'viem'
import { entryPoint08Address, formatUserOperationRequest, type UserOperation } from 'viem/account-abstraction'
import { expect } from 'vitest'
import { type GrantState, LOCAL_SPONSORSHIP_POLICY, type SponsorshipPolicy } from '../paymaster/policy.js'
import { PAYMASTER_PATH, SPONSORSHIP_REFUSED_CODE } from '../paymaster/routes.js'
import { execute, MINT, rpc, rpcOperation, type SmartAccountStack, sponsoredUser } from './smart-accounts.js'

/** An ERC-7677 call of the project's paymaster route on 31337 (EntryPoint v0.8); the answer's body. */
export const paymasterCall = (stack: SmartAccountStack, projectId: string, method: string, op: unknown) =>
  rpc(stack.cloud, PAYMASTER_PATH, projectId, method, [op, entryPoint08Address, numberToHex(31337), {}])

/** A fresh account's mint of the pass in RPC form (600k gas at 2 gwei: at most 0.0012 ETH). */
export const mintOperation = (stack: SmartAccountStack, overrides: Record<string, unknown> = {}) =>
  rpcOperation(
    stack.deployment,
    execute(stack.deployment.addresses.allAccessPass, parseEther('0.01'), MINT),
    overrides,
  )

/** The local policy with `changes`, for a project of the test's own. */
export const withPolicy = (changes: Partial<SponsorshipPolicy>): SponsorshipPolicy => ({
  ...LOCAL_SPONSORSHIP_POLICY,
  ...changes,
})

/** The rule a refusal names, once it is checked to be one. */
export function refusedRule(answer: Awaited<ReturnType<typeof rpc>>) {
  expect(answer.error?.code, JSON.stringify(answer)).toBe(SPONSORSHIP_REFUSED_CODE)
  expect(answer.error?.message).toMatch(/^Sponsorship refused by the project's policy \(/)
  return answer.error?.data?.rule
}

/** A grant as the admin API lists it. */
export type ListedGrant = {
  userOpHash: string
  sender: string
  maxCostWei: string
  calls: { to: string; selector: string; valueWei: string }[]
  state: GrantState
  actualCostWei: string | null
}

/** The project's grants through the admin API, by their operation's hash. */
export async function listedGrants(stack: SmartAccountStack, projectId: string) {
  const response = await stack.cloud.get(`/admin/v1/projects/${projectId}/sponsorships`, {
    headers: { authorization: `Bearer ${stack.cloud.adminToken}` },
  })
  expect(response.status).toBe(200)
  const grants = (await response.json()) as ListedGrant[]
  return new Map(grants.map((grant) => [grant.userOpHash, grant]))
}

/**
 * A site's fresh user (exactly the pass's price) with the local project's bundler and paymaster: a mint prepared
 * with the cloud's grant in it, and the send of an operation re-signed as the account (the site controls the
 * user's calls, not the paymaster's key).
 */
export async function grantingUser(stack: SmartAccountStack) {
  const user = await sponsoredUser(stack)
  const { account, bundler, authorization } = user
  const grantedMint = async () =>
    (await bundler.prepareUserOperation({
      calls: [{ to: stack.deployment.addresses.allAccessPass, value: parseEther('0.01'), data: MINT }],
      authorization,
    })) as UserOperation<'0.8'>
  const send = async (op: UserOperation<'0.8'>) => {
    const signature = await account.signUserOperation(op)
    return bundler.request({
      method: 'eth_sendUserOperation',
      params: [formatUserOperationRequest({ ...op, signature }), entryPoint08Address],
    })
  }
  return { ...user, grantedMint, send }
}
