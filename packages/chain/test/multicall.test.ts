import { type Address, createPublicClient, encodeFunctionData, http } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { compileContracts } from '../src/compile'
import { deployAll } from '../src/deploy'
import type { DeploymentAddresses } from '../src/deployment'
import { devAccounts, MULTICALL3_ADDRESS } from '../src/devnet'
import { allAccessPassAbi, multicall3Abi, testUsdAbi } from '../src/generated/deployments'
import { devnetSeed, SEEDED_ACCOUNTS } from '../src/seeding'
import { devAddress, expectRevert, useAnvil } from './util'

const ctx = useAnvil()
let addresses: DeploymentAddresses

beforeAll(async () => {
  addresses = (await deployAll({ rpcUrl: ctx.rpcUrl, writeModule: false })).addresses
})

const account0 = devAddress(0)

describe('Multicall3', () => {
  it('has our runtime code at the canonical address', async () => {
    expect(addresses.multicall3).toBe(MULTICALL3_ADDRESS)
    expect(ctx.chain.contracts?.multicall3?.address).toBe(MULTICALL3_ADDRESS)
    const { contracts } = await compileContracts()
    expect(await ctx.publicClient.getCode({ address: MULTICALL3_ADDRESS })).toBe(
      contracts.Multicall3.deployedBytecode,
    )
  })

  it("serves viem's multicall (aggregate3, batchSize 1024), failures included", async () => {
    const pass = { address: addresses.allAccessPass, abi: allAccessPassAbi } as const
    const results = await ctx.publicClient.multicall({
      batchSize: 1024,
      contracts: [
        { ...pass, functionName: 'name' },
        { ...pass, functionName: 'price' },
        { ...pass, functionName: 'ownerOf', args: [999n] },
        { address: addresses.testUsd, abi: testUsdAbi, functionName: 'decimals' },
        { address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: 'getEthBalance', args: [account0] },
        { address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: 'getChainId' },
      ],
    })
    expect(results[0]).toEqual({ status: 'success', result: 'All-Access Pass' })
    expect(results[1]).toEqual({ status: 'success', result: 10n ** 16n })
    expect(results[2]?.status).toBe('failure')
    expect(results[3]).toEqual({ status: 'success', result: 6 })
    expect(results[4]).toEqual({
      status: 'success',
      result: await ctx.publicClient.getBalance({ address: account0 }),
    })
    expect(results[5]).toEqual({ status: 'success', result: 31337n })
  })

  it('splits large batches into several aggregate3 calls', async () => {
    let ethCalls = 0
    const client = createPublicClient({
      chain: ctx.chain,
      transport: http(ctx.rpcUrl, {
        onFetchRequest: async (request) => {
          const body = (await request.clone().text()).toLowerCase()
          if (body.includes('"eth_call"') && body.includes(MULTICALL3_ADDRESS.toLowerCase())) ethCalls++
        },
      }),
    })
    const owners = devAccounts.map((a) => a.address)
    const results = await client.multicall({
      batchSize: 1024,
      allowFailure: false,
      contracts: Array.from({ length: 100 }, (_, i) => ({
        address: addresses.testUsd,
        abi: testUsdAbi,
        functionName: 'balanceOf' as const,
        args: [owners[i % owners.length] as Address] as const,
      })),
    })
    // The deploy seeded dev accounts #1–#5 with tUSD.
    const seeded = (i: number) =>
      (SEEDED_ACCOUNTS as readonly number[]).includes(i % owners.length) ? devnetSeed.testUsd : 0n
    expect(results).toEqual(Array.from({ length: 100 }, (_, i) => seeded(i)))
    expect(ethCalls).toBeGreaterThan(1)
  })

  it('reverts with the failing call’s own revert data when failure is not allowed', async () => {
    const callData = encodeFunctionData({ abi: allAccessPassAbi, functionName: 'ownerOf', args: [999n] })
    await expectRevert(
      ctx.publicClient.simulateContract({
        address: MULTICALL3_ADDRESS,
        abi: [...multicall3Abi, ...allAccessPassAbi.filter((item) => item.type === 'error')],
        functionName: 'aggregate3',
        args: [[{ target: addresses.allAccessPass, allowFailure: false, callData }]],
      }),
      'ERC721NonexistentToken',
      [999n],
    )
  })

  it('checks the value sum in aggregate3Value and has the block helpers', async () => {
    await expectRevert(
      ctx.publicClient.simulateContract({
        address: MULTICALL3_ADDRESS,
        abi: multicall3Abi,
        functionName: 'aggregate3Value',
        args: [[{ target: account0, allowFailure: false, value: 5n, callData: '0x' }]],
        value: 6n,
      }),
      'ValueMismatch',
      [6n, 5n],
    )
    const blockNumber = await ctx.publicClient.readContract({
      address: MULTICALL3_ADDRESS,
      abi: multicall3Abi,
      functionName: 'getBlockNumber',
    })
    expect(blockNumber).toBe(await ctx.publicClient.getBlockNumber())
  })
})
