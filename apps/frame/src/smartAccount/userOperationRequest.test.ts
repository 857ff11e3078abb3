import { encodeFunctionData, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { readUserOperationRequest } from './userOperationRequest'

const ENTRY_POINT_08 = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'
const SENDER = '0x1111111111111111111111111111111111111111'
const TARGET = '0x2222222222222222222222222222222222222222' as const
const abi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
  'function transfer(address to, uint256 amount)',
])
const batch = (n: number) =>
  encodeFunctionData({
    abi,
    functionName: 'executeBatch',
    args: [
      Array.from({ length: n }, (_, i) => ({
        target: TARGET,
        value: BigInt(i),
        data: '0x1249c58b' as const,
      })),
    ],
  })
const read =
  (callData: string, entryPoint = ENTRY_POINT_08, extra: object = {}) =>
  () =>
    readUserOperationRequest([{ sender: SENDER, callData, ...extra }, entryPoint])

describe('eth_sendUserOperation read as the calls it makes', () => {
  it("reads execute and executeBatch of the smart account into calls; the site's gas and paymaster are not taken", () => {
    const one = encodeFunctionData({ abi, functionName: 'execute', args: [TARGET, 10n ** 16n, '0x1249c58b'] })
    expect(read(one, ENTRY_POINT_08, { paymaster: '0x3333333333333333333333333333333333333333' })()).toEqual({
      sender: SENDER,
      calls: [{ to: TARGET, value: '0x2386f26fc10000', data: '0x1249c58b' }],
    })
    expect(read(batch(2))().calls).toEqual([
      { to: TARGET, value: '0x0', data: '0x1249c58b' },
      { to: TARGET, value: '0x1', data: '0x1249c58b' },
    ])
  })

  it('refuses what the approval could not show, with the reason', () => {
    const transfer = encodeFunctionData({ abi, functionName: 'transfer', args: [TARGET, 1n] })
    expect(read(transfer)).toThrow(
      "Invalid parameters: the operation's callData is not the smart account's execute or executeBatch",
    )
    expect(read('0x')).toThrow("the operation's callData is not the smart account's execute or executeBatch")
    expect(read(batch(0))).toThrow('Invalid parameters: the operation must make 1 to 16 calls, not 0')
    expect(read(batch(17))).toThrow('Invalid parameters: the operation must make 1 to 16 calls, not 17')
    expect(read(batch(1), '0x0000000071727De22E5E9d8BAf0edAc6f37da032')).toThrow(
      'Invalid parameters: the wallet sends operations to EntryPoint v0.8 (0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108) only',
    )
    for (const params of [
      undefined,
      [],
      [{ sender: 'me', callData: '0x' }, ENTRY_POINT_08],
      [{}, ENTRY_POINT_08],
    ])
      expect(() => readUserOperationRequest(params)).toThrow(/^Invalid parameters: /)
    expect(() =>
      readUserOperationRequest([{ sender: SENDER, callData: `0x${'00'.repeat(200_000)}` }, ENTRY_POINT_08]),
    ).toThrow(/^Invalid parameters: /)
  })
})
