import { createTestClient, http, numberToHex, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { remoteProjects, remoteSponsorship } from '../cli/remote.js'
import { runCli } from '../cli/run.js'
import { LOCAL_PROJECT } from '../projects/index.js'
import {
  grantingUser,
  listedGrants,
  mintOperation,
  paymasterCall,
  refusedRule,
  withPolicy,
} from '../test-support/paymaster.js'
import {
  MINT,
  projectWithPolicy,
  type SmartAccountStack,
  startSmartAccountStack,
} from '../test-support/smart-accounts.js'
import { LOCAL_SPONSORSHIP_POLICY, SPONSORSHIP_RULES, type SponsorshipPolicy } from './policy.js'
import { GRANT_MARGIN_SECONDS } from './reconcile.js'

let stack: SmartAccountStack
/** One search's span here (PAYMASTER_SETTLE_BLOCKS): a window can outlast it in a few blocks. */
const SEARCH_BLOCKS = 20
let testClient: ReturnType<typeof createTestClient>
/** How far the cloud's clock is ahead of the wall's; anvil's is moved with it (or, once, left behind). */
let cloudAhead = 0
const clock = () => Date.now() + cloudAhead * 1000
beforeAll(async () => {
  stack = await startSmartAccountStack({
    proxied: true,
    env: { PAYMASTER_SETTLE_BLOCKS: String(SEARCH_BLOCKS) },
  })
  testClient = createTestClient({ mode: 'anvil', transport: http(stack.anvil.rpcUrl) })
  stack.cloud.services.paymaster.now = clock
  // To the next noon (UTC), so that moving past a window never moves into the next day of the daily caps.
  const wall = Date.now() / 1000
  await advance(Math.ceil(((12 * 3600 - (wall % 86_400) + 86_400) % 86_400) + 60))
}, 240_000)
afterAll(() => stack?.close())

/** Moves the cloud's clock, and the chain's (a block mined at the new time) unless `chainToo` is false. */
async function advance(seconds: number, { chainToo = true } = {}) {
  cloudAhead += seconds
  if (!chainToo) return
  await testClient.increaseTime({ seconds })
  await testClient.mine({ blocks: 1 })
}
/** Past a grant's window (PAYMASTER_GRANT_SECONDS) and the margin, by `by` seconds (negative: not yet). */
const pastWindow = (by: number) =>
  stack.cloud.services.config.paymaster.grantSeconds + GRANT_MARGIN_SECONDS + by
const pm = (projectId: string, method: string, op: unknown) => paymasterCall(stack, projectId, method, op)
const grant = (projectId: string, op: unknown) => pm(projectId, 'pm_getPaymasterData', op)
/** 600k gas at 2 gwei: what mintOperation's grants may cost at most. */
const MINT_MAX_COST = parseEther('0.0012')
const setPolicy = async (projectId: string, policy: SponsorshipPolicy) => {
  const headers = { authorization: `Bearer ${stack.cloud.adminToken}` }
  const set = await stack.cloud.post(`/admin/v1/projects/${projectId}/sponsorship`, policy, {
    method: 'PUT',
    headers,
  })
  expect(set.status).toBe(200)
}
/** The states of the project's grants, sorted. */
const statesOf = async (projectId: string) =>
  [...(await listedGrants(stack, projectId)).values()].map((listed) => listed.state).sort()
const DAY_CAP_OF_ONE =
  "Sponsorship refused by the project's policy (opsPerDay): the project has had its 1 sponsored operations today"

describe("a grant's state: what the caps count of it", () => {
  it('stops counting a grant never sent once its window has passed', async () => {
    await projectWithPolicy(stack.cloud, 'unsent', withPolicy({ opsPerDay: 1 }))
    const a = await mintOperation(stack)
    const b = await mintOperation(stack)
    const granted = await grant('unsent', a)
    expect(granted.result?.paymasterData).toMatch(/^0x/)
    expect((await grant('unsent', b)).error?.message).toBe(DAY_CAP_OF_ONE)
    // Its window and the margin not quite over: it still counts, for the stub too.
    await advance(pastWindow(-20))
    expect(refusedRule(await pm('unsent', 'pm_getPaymasterStubData', b))).toBe(SPONSORSHIP_RULES.dayCap)
    expect((await grant('unsent', b)).error?.message).toBe(DAY_CAP_OF_ONE)
    await advance(40)
    expect((await grant('unsent', b)).result?.paymasterData).toMatch(/^0x/)
    expect(await statesOf('unsent')).toEqual(['open', 'released'])
  })

  it('counts a grant sent and included at what the EntryPoint charged, after its window too', async () => {
    const { bundler, authorization } = await grantingUser(stack)
    const hash = await bundler.sendUserOperation({
      calls: [{ to: stack.deployment.addresses.allAccessPass, value: parseEther('0.01'), data: MINT }],
      authorization,
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    expect(receipt.success).toBe(true)
    const sent = (await listedGrants(stack, LOCAL_PROJECT.id)).get(hash)
    expect(sent).toMatchObject({ state: 'open', actualCostWei: null })
    const maxCost = BigInt(sent?.maxCostWei ?? 0)
    expect(receipt.actualGasCost).toBeLessThan(maxCost)
    // Room for one more mint beside what the first one cost, not beside what it might have.
    const budget = receipt.actualGasCost + MINT_MAX_COST
    try {
      await setPolicy(LOCAL_PROJECT.id, withPolicy({ budgetWei: String(budget) }))
      expect(refusedRule(await grant(LOCAL_PROJECT.id, await mintOperation(stack)))).toBe(
        SPONSORSHIP_RULES.budget,
      )
      await advance(pastWindow(5))
      await setPolicy(LOCAL_PROJECT.id, withPolicy({ budgetWei: String(budget - 1n) }))
      expect((await grant(LOCAL_PROJECT.id, await mintOperation(stack))).error?.message).toBe(
        `Sponsorship refused by the project's policy (budgetWei): the budget of ${budget - 1n} wei has ` +
          `${MINT_MAX_COST - 1n} left, the operation may cost ${MINT_MAX_COST}`,
      )
      expect((await listedGrants(stack, LOCAL_PROJECT.id)).get(hash)).toMatchObject({
        state: 'paid',
        actualCostWei: String(receipt.actualGasCost),
      })
      await setPolicy(LOCAL_PROJECT.id, withPolicy({ budgetWei: String(budget) }))
      expect((await grant(LOCAL_PROJECT.id, await mintOperation(stack))).result?.paymasterData).toMatch(/^0x/)
      // The CLI lists it so, through the admin API.
      const endpoint = { url: stack.cloud.url, token: stack.cloud.adminToken }
      const lines: string[] = []
      const backend = {
        projects: remoteProjects(endpoint),
        sponsorship: remoteSponsorship(endpoint),
        directory: undefined,
      }
      await runCli(['sponsorship', 'grants', LOCAL_PROJECT.id], backend, (line) => lines.push(line))
      expect(lines.find((line) => line.endsWith(hash))).toContain(
        `\tpaid\t${maxCost} wei at most, ${receipt.actualGasCost} wei paid\t`,
      )
    } finally {
      await setPolicy(LOCAL_PROJECT.id, LOCAL_SPONSORSHIP_POLICY)
    }
  })

  it('counts a grant and its regrant for the same sender and nonce once, at the most either may cost', async () => {
    await projectWithPolicy(
      stack.cloud,
      'regrant',
      withPolicy({ accountOpsPerDay: 1, budgetWei: String(MINT_MAX_COST) }),
    )
    const first = await mintOperation(stack)
    const cheaper = { ...first, callGasLimit: numberToHex(290_000) }
    // In one second (a clock that stands still): the first granted again is the same grant, open again.
    const { paymaster } = stack.cloud.services
    const frozen = paymaster.now()
    paymaster.now = () => frozen
    try {
      const granted = await grant('regrant', first)
      expect((await grant('regrant', cheaper)).result).toBeDefined()
      expect(await grant('regrant', first)).toEqual(granted)
    } finally {
      paymaster.now = clock
    }
    expect(await statesOf('regrant')).toEqual(['open', 'superseded'])
    expect(refusedRule(await grant('regrant', { ...first, nonce: '0x1' }))).toBe(SPONSORSHIP_RULES.accountCap)
    // The first may still be the one that runs: the budget holds its cost, not the cheaper one's.
    const other = await mintOperation(stack)
    expect((await grant('regrant', other)).error?.message).toBe(
      `Sponsorship refused by the project's policy (budgetWei): the budget of ${MINT_MAX_COST} wei has 0 left, ` +
        `the operation may cost ${MINT_MAX_COST}`,
    )
    expect(await statesOf('regrant')).toEqual(['open', 'superseded'])
    // Both searched for once their windows passed, the superseded one too: either could have run.
    await advance(pastWindow(5))
    expect((await grant('regrant', other)).result).toBeDefined()
    expect(await statesOf('regrant')).toEqual(['open', 'released', 'released'])
  })

  it('leaves grants open while the chain cannot be searched, and answers as ever', async () => {
    await projectWithPolicy(stack.cloud, 'unreadable', withPolicy({ opsPerDay: 1 }))
    const proxy = stack.proxy
    if (!proxy) throw new Error('the stack has no proxy')
    const a = await mintOperation(stack)
    const b = await mintOperation(stack)
    expect((await grant('unreadable', a)).result).toBeDefined()
    proxy.refused.add('eth_getLogs')
    try {
      await advance(pastWindow(5))
      expect((await grant('unreadable', b)).error?.message).toBe(DAY_CAP_OF_ONE)
      expect(refusedRule(await pm('unreadable', 'pm_getPaymasterStubData', b))).toBe(SPONSORSHIP_RULES.dayCap)
      expect(await statesOf('unreadable')).toEqual(['open'])
    } finally {
      proxy.refused.clear()
    }
    expect((await grant('unreadable', b)).result).toBeDefined()
    expect(await statesOf('unreadable')).toEqual(['open', 'released'])
  })

  it('a node answering logs of no address leaves grants open and answers as ever (no 5xx)', async () => {
    await projectWithPolicy(stack.cloud, 'garbled', withPolicy({ opsPerDay: 1 }))
    const proxy = stack.proxy
    if (!proxy) throw new Error('the stack has no proxy')
    const a = await mintOperation(stack)
    const b = await mintOperation(stack)
    expect((await grant('garbled', a)).result).toBeDefined()
    proxy.rewritten.set('eth_getLogs', () => [{ address: 42, topics: [], data: '0x' }])
    try {
      await advance(pastWindow(5))
      expect((await grant('garbled', b)).error?.message).toBe(DAY_CAP_OF_ONE)
      expect(await statesOf('garbled')).toEqual(['open'])
    } finally {
      proxy.rewritten.clear()
    }
    expect((await grant('garbled', b)).result).toBeDefined()
  })

  it("releases no grant the chain's clock still holds in its window, and counts it once it runs", async () => {
    const { grantedMint, send, bundler } = await grantingUser(stack)
    const op = await grantedMint()
    const hash = (await listedGrants(stack, LOCAL_PROJECT.id)).keys().next().value
    // The cloud's clock past the window, the chain's not: the operation can still run.
    await advance(pastWindow(5), { chainToo: false })
    expect((await listedGrants(stack, LOCAL_PROJECT.id)).get(hash ?? '')).toMatchObject({ state: 'open' })
    const sent = await send(op)
    expect(sent).toBe(hash)
    const receipt = await bundler.waitForUserOperationReceipt({ hash: sent, pollingInterval: 100 })
    // The chain catches up with the cloud: the grant ran, and counts what it cost.
    await testClient.increaseTime({ seconds: pastWindow(5) })
    await testClient.mine({ blocks: 1 })
    expect((await listedGrants(stack, LOCAL_PROJECT.id)).get(sent)).toMatchObject({
      state: 'paid',
      actualCostWei: String(receipt.actualGasCost),
    })
  })

  it('moves on past a window longer than one search: blocks searched once are not searched for ever', async () => {
    await projectWithPolicy(stack.cloud, 'long', withPolicy({ opsPerDay: 1 }))
    const a = await mintOperation(stack)
    const b = await mintOperation(stack)
    expect((await grant('long', a)).result).toBeDefined()
    // More blocks than one search covers, all inside the window (no time passes between them).
    await testClient.mine({ blocks: SEARCH_BLOCKS * 3, interval: 0 })
    expect((await grant('long', b)).error?.message).toBe(DAY_CAP_OF_ONE)
    // The window passes: the next search starts where the last one ended, and reaches a block past it.
    await advance(pastWindow(5))
    expect((await grant('long', b)).result?.paymasterData).toMatch(/^0x/)
    expect(await statesOf('long')).toEqual(['open', 'released'])
  })

  it('refuses the very operation another project granted in the same second (the hash is theirs), writing nothing', async () => {
    await projectWithPolicy(stack.cloud, 'first', withPolicy({}))
    await projectWithPolicy(stack.cloud, 'second', withPolicy({}))
    const op = await mintOperation(stack)
    const paymaster = stack.cloud.services.paymaster
    const at = clock()
    paymaster.now = () => at
    try {
      expect((await grant('first', op)).result).toBeDefined()
      expect((await grant('second', op)).error?.message).toBe(
        "Sponsorship refused by the project's policy (policy): another project sponsors this very operation: ask again in a second",
      )
    } finally {
      paymaster.now = clock
    }
    expect(await statesOf('first')).toEqual(['open'])
    expect(await statesOf('second')).toEqual([])
  })

  it('refuses gas limits and fees wider than the 16 bytes an operation packs them in, with a clear error', async () => {
    const op = await mintOperation(stack, { maxPriorityFeePerGas: `0x1${'0'.repeat(32)}` })
    const answer = await grant(LOCAL_PROJECT.id, op)
    expect(answer.error?.code).toBe(-32602)
    expect(JSON.stringify(answer.error)).toContain('a 0x quantity of at most 128 bits')
  })
})
