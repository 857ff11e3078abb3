import fc from 'fast-check'
import { numberToHex, parseEther } from 'viem'
import { entryPoint08Address } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOT_ALLOWED_MESSAGE } from '../gateway/policy.js'
import { MAX_RPC_BATCH } from '../gateway/rpc.js'
import { PAYMASTER_PATH } from '../paymaster/routes.js'
import { LOCAL_PROJECT } from '../projects/index.js'
import { badBodies, badQueries, expectCleanRefusal } from '../test-support/bad-input.js'
import {
  execute,
  MINT,
  query,
  rpc,
  rpcOperation,
  type SmartAccountStack,
  startSmartAccountStack,
} from '../test-support/smart-accounts.js'
import { BUNDLER_METHODS } from './methods.js'
import { BUNDLER_PATH } from './routes.js'

let stack: SmartAccountStack
beforeAll(async () => {
  stack = await startSmartAccountStack()
}, 120_000)
afterAll(() => stack?.close())

/** Keys Fastify's JSON parser refuses (prototype poisoning). */
const PROTOTYPE_KEY = /"__proto__"|"prototype"/
const bundlerCall = (method: string, params: unknown[] = []) =>
  rpc(stack.cloud, BUNDLER_PATH, LOCAL_PROJECT.id, method, params)

describe('the bundler proxy (/v1/bundler) against Alto', () => {
  it('passes the five ERC-4337 methods, named once', async () => {
    expect([...BUNDLER_METHODS]).toEqual([
      'eth_sendUserOperation',
      'eth_estimateUserOperationGas',
      'eth_getUserOperationByHash',
      'eth_getUserOperationReceipt',
      'eth_supportedEntryPoints',
    ])
    expect((await bundlerCall('eth_supportedEntryPoints')).result).toEqual([entryPoint08Address])
    const unknown = `0x${'ab'.repeat(32)}`
    expect(await bundlerCall('eth_getUserOperationReceipt', [unknown])).toMatchObject({ result: null })
    expect(await bundlerCall('eth_getUserOperationByHash', [unknown])).toMatchObject({ result: null })
    // Alto itself answers an operation it cannot simulate (no signature): the refusal is the bundler's.
    const estimate = await bundlerCall('eth_estimateUserOperationGas', [
      rpcOperation(
        stack.deployment,
        execute(stack.deployment.addresses.allAccessPass, parseEther('0.01'), MINT),
      ),
      entryPoint08Address,
    ])
    expect(estimate.error ?? estimate.result).toBeDefined()
  })

  it("refuses every other method, the bundler's own and the node's, as the gateway does", async () => {
    for (const method of [
      'pimlico_getUserOperationGasPrice',
      'pimlico_sendUserOperationNow',
      'debug_bundler_clearState',
      'debug_bundler_setBundlingMode',
      'eth_sendRawTransaction',
      'eth_chainId',
      'eth_accounts',
    ]) {
      expect(await bundlerCall(method), method).toMatchObject({
        error: { code: -32601, message: NOT_ALLOWED_MESSAGE, data: { method } },
      })
    }
    const batch = await stack.cloud.post(`${BUNDLER_PATH}?${query(LOCAL_PROJECT.id)}`, [
      { jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'debug_bundler_dumpMempool', params: [] },
    ])
    const answers = (await batch.json()) as { id: number; result?: unknown; error?: { message: string } }[]
    expect(answers.find((a) => a.id === 1)?.result).toEqual([entryPoint08Address])
    expect(answers.find((a) => a.id === 2)?.error?.message).toBe(NOT_ALLOWED_MESSAGE)
  })

  it("keeps the gateway's bounds: chains, batch length, project", async () => {
    const other = await stack.cloud.post(`${BUNDLER_PATH}?chainId=eip155:1&projectId=${LOCAL_PROJECT.id}`, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_supportedEntryPoints',
    })
    expect(((await other.json()) as { error: { message: string } }).error.message).toBe(
      'Unsupported chain: eip155:1 has no bundler on this cloud',
    )
    const long = Array.from({ length: MAX_RPC_BATCH + 1 }, (_, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_supportedEntryPoints',
    }))
    const tooLong = (await (
      await stack.cloud.post(`${BUNDLER_PATH}?${query(LOCAL_PROJECT.id)}`, long)
    ).json()) as {
      error: { message: string }
    }[]
    expect(tooLong[0]?.error.message).toBe(`Batch too large: at most ${MAX_RPC_BATCH} requests`)
    const noProject = await stack.cloud.post(`${BUNDLER_PATH}?chainId=eip155:31337&projectId=nope`, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_supportedEntryPoints',
    })
    expect(noProject.status).toBe(401)
  })
})

describe('bad input to /v1/bundler, /v1/paymaster and the sponsorship admin API', () => {
  const valid = { jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }

  it('gets a clear refusal, never a 5xx', async () => {
    for (const path of [BUNDLER_PATH, PAYMASTER_PATH]) {
      for (const [what, body] of badBodies(valid))
        await expectCleanRefusal(
          await stack.cloud.post(`${path}?${query(LOCAL_PROJECT.id)}`, body),
          `${path}: ${what}`,
        )
      for (const bad of badQueries(query(LOCAL_PROJECT.id)))
        await expectCleanRefusal(await stack.cloud.post(`${path}?${bad}`, valid), `${path}?${bad}`)
    }
    const headers = { authorization: `Bearer ${stack.cloud.adminToken}` }
    for (const [what, body] of badBodies({ enabled: true, calls: [], accountOpsPerDay: 1, budgetWei: '1' }))
      await expectCleanRefusal(
        await stack.cloud.post(`/admin/v1/projects/${LOCAL_PROJECT.id}/sponsorship`, body, {
          method: 'PUT',
          headers,
        }),
        `policy: ${what}`,
      )
  })

  it('answers fuzzed ERC-7677 params with a JSON-RPC error, never a 5xx or a grant', async () => {
    const op = await rpcOperation(stack.deployment, execute(stack.deployment.addresses.testUsd, 0n, MINT))
    const field = fc.constantFrom(...Object.keys(op))
    const junk = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.stringMatching(/^0x[0-9a-f]{0,40}$/),
      fc.object(),
      fc.array(fc.anything()),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('pm_getPaymasterStubData', 'pm_getPaymasterData'),
        field,
        junk,
        fc.oneof(fc.constant(numberToHex(31337)), junk),
        async (method, key, value, chainId) => {
          const body = {
            jsonrpc: '2.0',
            id: 1,
            method,
            params: [{ ...op, [key]: value }, entryPoint08Address, chainId, {}],
          }
          const response = await stack.cloud.post(`${PAYMASTER_PATH}?${query(LOCAL_PROJECT.id)}`, body)
          // A body with a prototype key (fc.object makes `__proto__` now and then) is refused at the JSON
          // parser for every route, before JSON-RPC: a clean 400 with a stable code, never a grant.
          if (PROTOTYPE_KEY.test(JSON.stringify(body)) && response.status === 400)
            return expectCleanRefusal(response, 'prototype key')
          expect(response.status).toBe(200)
          const answer = (await response.json()) as { error?: { code: number } }
          // The op calls a contract outside the policy: whatever else is wrong, it is never granted.
          expect(answer.error?.code).toBeTypeOf('number')
        },
      ),
      { numRuns: 150 },
    )
  })
})
