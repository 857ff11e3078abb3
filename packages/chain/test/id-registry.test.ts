import { type Address, parseEventLogs } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { compileContracts } from '../src/compile'
import { deployAll } from '../src/deploy'
import { devAddress, expectRevert, useAnvil } from './util'

const ctx = useAnvil()
let registry: {
  address: Address
  abi: Awaited<ReturnType<typeof compileContracts>>['contracts']['IdRegistry']['abi']
}

beforeAll(async () => {
  const { addresses } = await deployAll({ rpcUrl: ctx.rpcUrl, writeModule: false })
  registry = { address: addresses.idRegistry, abi: (await compileContracts()).contracts.IdRegistry.abi }
})

async function register(index: number) {
  const hash = await ctx.wallet(index).writeContract({ ...registry, functionName: 'register' })
  return ctx.publicClient.waitForTransactionReceipt({ hash })
}

const read = (
  functionName: 'idOf' | 'custodyOf' | 'idCounter' | 'usernameOf',
  args: readonly unknown[] = [],
) => ctx.publicClient.readContract({ ...registry, functionName, args } as never) as Promise<unknown>

describe("the devnet's Farcaster ID registry", () => {
  it('gives each caller the next fid, readable both ways as on Farcaster (idOf, custodyOf)', async () => {
    expect(await read('idOf', [devAddress(6)])).toBe(0n)
    const receipt = await register(6)
    await register(7)
    expect(await read('idOf', [devAddress(6)])).toBe(1n)
    expect(await read('idOf', [devAddress(7)])).toBe(2n)
    expect(await read('custodyOf', [2n])).toBe(devAddress(7))
    expect(await read('custodyOf', [3n])).toBe('0x0000000000000000000000000000000000000000')
    expect(await read('idCounter')).toBe(2n)
    const [event] = parseEventLogs({ abi: registry.abi, logs: receipt.logs, eventName: 'Register' })
    expect(event?.args).toMatchObject({ to: devAddress(6), id: 1n })
  })

  it('refuses a second fid for the same custody address', async () => {
    await expectRevert(
      ctx.publicClient.simulateContract({
        account: ctx.wallet(6).account,
        ...registry,
        functionName: 'register',
      }),
      'HasId',
    )
  })

  it("keeps each fid's username, set by its custody address, held by one fid at a time, under the fname rule", async () => {
    const setUsername = (index: number, username: string) =>
      ctx.publicClient.simulateContract({
        account: ctx.wallet(index).account,
        ...registry,
        functionName: 'setUsername',
        args: [username],
      })
    const write = async (index: number, username: string) => {
      const hash = await ctx
        .wallet(index)
        .writeContract({ ...registry, functionName: 'setUsername', args: [username] })
      await ctx.publicClient.waitForTransactionReceipt({ hash })
    }
    expect(await read('usernameOf', [1n])).toBe('')
    await write(6, 'alice')
    expect(await read('usernameOf', [1n])).toBe('alice')
    await expectRevert(setUsername(7, 'alice'), 'UsernameTaken')
    await expectRevert(setUsername(8, 'carol'), 'NoId')
    for (const bad of ['', 'vitalik.eth', 'Alice', '-alice', 'a'.repeat(17)])
      await expectRevert(setUsername(7, bad), 'InvalidUsername')
    // A new username frees the old one for another fid.
    await write(6, 'alice-2')
    expect(await read('usernameOf', [1n])).toBe('alice-2')
    await write(7, 'alice')
    expect(await read('usernameOf', [2n])).toBe('alice')
  })
})
