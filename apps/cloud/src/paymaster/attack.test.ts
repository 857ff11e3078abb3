import { testUsdAbi } from '@allaccess/chain/deployments'
import { createTestClient, encodeFunctionData, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_PROJECT } from '../projects/index.js'
import { grantingUser } from '../test-support/paymaster.js'
import {
  execute,
  query,
  type SmartAccountStack,
  startSmartAccountStack,
} from '../test-support/smart-accounts.js'
import { PAYMASTER_PATH } from './routes.js'

let stack: SmartAccountStack
beforeAll(async () => {
  stack = await startSmartAccountStack()
}, 120_000)
afterAll(() => stack?.close())

const user = () => grantingUser(stack)

describe("a site attacking the paymaster's policy", () => {
  it('cannot move a granted operation to other calls: the paymaster refuses the grant on chain', async () => {
    const { grantedMint, send, client, owner } = await user()
    const op = await grantedMint()
    const drain = encodeFunctionData({
      abi: testUsdAbi,
      functionName: 'mint',
      args: [owner.address, 10n ** 12n],
    })
    await expect(
      send({ ...op, callData: execute(stack.deployment.addresses.testUsd, 0n, drain) }),
    ).rejects.toThrow(/AA34 signature error/)
    expect(await client.getBalance({ address: owner.address })).toBe(parseEther('0.01'))
  })

  it('cannot raise the gas or the fee of a grant to drain the deposit', async () => {
    const { grantedMint, send } = await user()
    const op = await grantedMint()
    await expect(send({ ...op, callGasLimit: op.callGasLimit * 10n })).rejects.toThrow(/AA34 signature error/)
    await expect(send({ ...op, maxFeePerGas: op.maxFeePerGas * 10n })).rejects.toThrow(/AA34 signature error/)
    await expect(send({ ...op, preVerificationGas: op.preVerificationGas * 10n })).rejects.toThrow(
      /AA34 signature error/,
    )
  })

  it('cannot use a grant twice, nor after it expired', async () => {
    const { grantedMint, send, bundler } = await user()
    const op = await grantedMint()
    const hash = await send(op)
    expect((await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100 })).success).toBe(true)
    // The same grant for the account's next operation.
    await expect(
      send({ ...op, nonce: op.nonce + 1n, authorization: undefined, factory: undefined }),
    ).rejects.toThrow(/AA34 signature error/)
    // A grant held past its window (the grant's seconds, PAYMASTER_GRANT_SECONDS) is void.
    const later = await user()
    const late = await later.grantedMint()
    const testClient = createTestClient({ mode: 'anvil', transport: http(stack.anvil.rpcUrl) })
    await testClient.increaseTime({ seconds: 3600 })
    await testClient.mine({ blocks: 1 })
    await expect(later.send(late)).rejects.toThrow(/AA32 paymaster expired or not due/)
  })

  it("cannot ask from a page the project's origins do not admit", async () => {
    const response = await stack.cloud.post(
      `${PAYMASTER_PATH}?${query(LOCAL_PROJECT.id)}`,
      { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [] },
      { headers: { origin: 'https://drain.example' } },
    )
    expect(response.status).toBe(403)
  })
})
