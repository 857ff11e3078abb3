import { type Address, parseUnits } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { deployAll } from '../src/deploy'
import { testUsdAbi } from '../src/generated/deployments'
import { devnetPools, devnetSeed, SEEDED_ACCOUNTS } from '../src/seeding'
import { devAddress, useAnvil } from './util'

const ctx = useAnvil()
let token: Address

beforeAll(async () => {
  token = (await deployAll({ rpcUrl: ctx.rpcUrl, writeModule: false })).addresses.testUsd
})
const balanceOf = (owner: Address) =>
  ctx.publicClient.readContract({ address: token, abi: testUsdAbi, functionName: 'balanceOf', args: [owner] })

describe('TestUSD', () => {
  it('is "Test USD" / tUSD with 6 decimals', async () => {
    const read = <const F extends 'name' | 'symbol' | 'decimals' | 'totalSupply'>(functionName: F) =>
      ctx.publicClient.readContract({ address: token, abi: testUsdAbi, functionName })
    expect(await read('name')).toBe('Test USD')
    expect(await read('symbol')).toBe('tUSD')
    expect(await read('decimals')).toBe(6)
    // The deploy seeded dev accounts #1–#5, and the swap pools.
    const pooled = Object.values(devnetPools)
      .flat()
      .reduce((sum, [pooledToken, amount]) => (pooledToken === 'testUsd' ? sum + amount : sum), 0n)
    expect(pooled).toBe(325_000_000_000n)
    expect(await read('totalSupply')).toBe(devnetSeed.testUsd * BigInt(SEEDED_ACCOUNTS.length) + pooled)
  })

  it('has an open faucet and transfers', async () => {
    const amount = parseUnits('250.5', 6)
    let hash = await ctx.wallet(3).writeContract({
      address: token,
      abi: testUsdAbi,
      functionName: 'mint',
      args: [devAddress(1), amount],
    })
    await ctx.publicClient.waitForTransactionReceipt({ hash })
    const seeded = devnetSeed.testUsd
    expect(await balanceOf(devAddress(1))).toBe(seeded + 250_500_000n)

    hash = await ctx.wallet(1).writeContract({
      address: token,
      abi: testUsdAbi,
      functionName: 'transfer',
      args: [devAddress(2), parseUnits('0.5', 6)],
    })
    await ctx.publicClient.waitForTransactionReceipt({ hash })
    expect(await balanceOf(devAddress(1))).toBe(seeded + 250_000_000n)
    expect(await balanceOf(devAddress(2))).toBe(seeded + 500_000n)
  })
})
