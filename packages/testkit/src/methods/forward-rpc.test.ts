import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestAnvil, type TestAnvil } from '../../test/support/anvil'
import { scriptedWalletForTest } from '../../test/support/scripted'
import { freePort } from '../free-port'

let anvil: TestAnvil

beforeAll(async () => {
  anvil = await startTestAnvil()
})

afterAll(async () => {
  await anvil?.stop()
})

// Init code that reverts with the 32-byte word 42, run as a contract-creation eth_call.
const REVERT_WITH_42 = '0x602a60005260206000fd'

describe('forwarded reads', () => {
  it("answers from the current chain's node without needing permission", async () => {
    const { call } = scriptedWalletForTest({ chains: [{ id: 31337, rpcUrl: anvil.rpcUrl }] })
    expect(await call('eth_chainId')).toBe('0x7a69')
    expect(await call('eth_blockNumber')).toMatch(/^0x[0-9a-f]+$/)
  })

  it("keeps the node's error code, message and data", async () => {
    const { call } = scriptedWalletForTest({ chains: [{ id: 31337, rpcUrl: anvil.rpcUrl }] })
    await expect(call('eth_call', [{ data: REVERT_WITH_42 }, 'latest'])).rejects.toMatchObject({
      code: 3,
      message: expect.stringContaining('execution reverted'),
      data: `0x${'2a'.padStart(64, '0')}`,
    })
  })

  it('fails clearly when the chain has no RPC URL or the node is down', async () => {
    const noRpc = scriptedWalletForTest({ chains: [{ id: 1 }] })
    await expect(
      noRpc.call('eth_getBalance', ['0x0000000000000000000000000000000000000000']),
    ).rejects.toMatchObject({
      code: 4901,
      message: expect.stringContaining('chain 1'),
    })

    const down = scriptedWalletForTest({
      chains: [{ id: 31337, rpcUrl: `http://127.0.0.1:${await freePort()}` }],
    })
    await expect(down.call('eth_blockNumber')).rejects.toMatchObject({ code: -32603 })
  })
})
