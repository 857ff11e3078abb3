import { type Address, getAddress, parseEventLogs, parseUnits } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { deployAll, testTokens } from '../src/deploy'
import type { Deployment } from '../src/deployment'
import { spamDropAbi, testTokenAbi, testUsdAbi } from '../src/generated/deployments'
import { devnetSeed, SEEDED_ACCOUNTS, SPAM_TOKEN_ID } from '../src/seeding'
import { devAddress, useAnvil } from './util'

const ctx = useAnvil()
let deployment: Deployment

beforeAll(async () => {
  deployment = await deployAll({ rpcUrl: ctx.rpcUrl, writeModule: false })
})

const erc20 = (address: Address, functionName: 'name' | 'symbol' | 'decimals') =>
  ctx.publicClient.readContract({ address, abi: testTokenAbi, functionName })
const balanceOf = (address: Address, owner: Address) =>
  ctx.publicClient.readContract({ address, abi: testTokenAbi, functionName: 'balanceOf', args: [owner] })
const spamBalance = (owner: Address) =>
  ctx.publicClient.readContract({
    address: deployment.addresses.spamDrop,
    abi: spamDropAbi,
    functionName: 'balanceOf',
    args: [owner, SPAM_TOKEN_ID],
  })

describe('devnet assets', () => {
  it('an 18-decimal and a 0-decimal ERC-20 beside TestUSD', async () => {
    for (const key of ['testGold', 'testPoints'] as const) {
      const address = deployment.addresses[key]
      expect(await erc20(address, 'name')).toBe(testTokens[key].name)
      expect(await erc20(address, 'symbol')).toBe(testTokens[key].symbol)
      expect(await erc20(address, 'decimals')).toBe(testTokens[key].decimals)
    }
    expect(testTokens.testGold.decimals).toBe(18)
    expect(testTokens.testPoints.decimals).toBe(0)
  })

  it('dev accounts #1–#5 hold every token, #0 and #6 none', async () => {
    const { testUsd, testGold, testPoints } = deployment.addresses
    expect(devnetSeed.testGold).toBe(parseUnits('25.5', 18))
    for (const index of SEEDED_ACCOUNTS) {
      const owner = devAddress(index)
      expect(
        await ctx.publicClient.readContract({
          address: testUsd,
          abi: testUsdAbi,
          functionName: 'balanceOf',
          args: [owner],
        }),
      ).toBe(devnetSeed.testUsd)
      expect(await balanceOf(testGold, owner)).toBe(devnetSeed.testGold)
      expect(await balanceOf(testPoints, owner)).toBe(devnetSeed.testPoints)
      expect(await spamBalance(owner)).toBe(devnetSeed.spamDrop)
    }
    for (const index of [0, 6]) {
      expect(await balanceOf(testGold, devAddress(index))).toBe(0n)
      expect(await spamBalance(devAddress(index))).toBe(0n)
    }
  })

  it('the spam came unasked, to all seeded accounts in one transaction from someone else', async () => {
    const logs = await ctx.publicClient.getLogs({
      address: deployment.addresses.spamDrop,
      fromBlock: 0n,
      toBlock: 'latest',
    })
    const events = parseEventLogs({ abi: spamDropAbi, logs, eventName: 'TransferSingle' })
    expect(events.map((event) => event.args.to)).toEqual(SEEDED_ACCOUNTS.map(devAddress))
    expect(new Set(events.map((event) => event.transactionHash)).size).toBe(1)
    const tx = await ctx.publicClient.getTransaction({ hash: events[0]?.transactionHash as `0x${string}` })
    expect(getAddress(tx.from)).toBe(deployment.deployer)
    const uri = await ctx.publicClient.readContract({
      address: deployment.addresses.spamDrop,
      abi: spamDropAbi,
      functionName: 'uri',
      args: [SPAM_TOKEN_ID],
    })
    const json = JSON.parse(
      Buffer.from(uri.replace(/^data:application\/json;base64,/, ''), 'base64').toString(),
    )
    expect(json.image).toMatch(/^https:\/\//)
  })

  it('a second deploy seeds nothing, and never tops up tokens users moved', async () => {
    const { testGold } = deployment.addresses
    const hash = await ctx.wallet(1).writeContract({
      address: testGold,
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [devAddress(7), devnetSeed.testGold],
    })
    await ctx.publicClient.waitForTransactionReceipt({ hash })
    const again = await deployAll({ rpcUrl: ctx.rpcUrl, writeModule: false })
    expect(again.seeded).toEqual([])
    expect(again.addresses).toEqual(deployment.addresses)
    expect(await balanceOf(testGold, devAddress(1))).toBe(0n)
  })
})
