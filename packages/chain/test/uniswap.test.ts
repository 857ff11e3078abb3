import { encodePacked, erc20Abi, getContractAddress, keccak256, parseEther } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { deployAll } from '../src/deploy'
import type { Deployment } from '../src/deployment'
import { devnetPools } from '../src/seeding'
import { UNISWAP_V2_PAIR_INIT_CODE_HASH, uniswapArtifacts } from '../src/uniswap'
import { devAddress, useAnvil } from './util'

const ctx = useAnvil()
let deployment: Deployment
const router = () =>
  ({ address: deployment.addresses.uniswapV2Router02, abi: uniswapArtifacts.UniswapV2Router02.abi }) as const

beforeAll(async () => {
  deployment = await deployAll({ rpcUrl: ctx.rpcUrl, writeModule: false })
})

describe('Uniswap V2 on the devnet', () => {
  it("the router computes pair addresses with the deployed pair's init-code hash", async () => {
    // The router has the hash compiled in (UniswapV2Library.pairFor); the factory deploys the pair's creation code.
    expect(uniswapArtifacts.UniswapV2Router02.bytecode).toContain(UNISWAP_V2_PAIR_INIT_CODE_HASH.slice(2))
    const { testUsd, weth9, uniswapV2Factory } = deployment.addresses
    const [token0, token1] = BigInt(testUsd) < BigInt(weth9) ? [testUsd, weth9] : [weth9, testUsd]
    const pair = await ctx.publicClient.readContract({
      address: uniswapV2Factory,
      abi: uniswapArtifacts.UniswapV2Factory.abi,
      functionName: 'getPair',
      args: [testUsd, weth9],
    })
    expect(pair).toBe(
      getContractAddress({
        opcode: 'CREATE2',
        from: uniswapV2Factory,
        salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
        bytecodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
      }),
    )
    // The router's own pairFor: it reads the reserves of the pair at the address it computed.
    const [, out] = (await ctx.publicClient.readContract({
      ...router(),
      functionName: 'getAmountsOut',
      args: [parseEther('1'), [weth9, testUsd]],
    })) as bigint[]
    expect(out).toBeGreaterThan(2_900_000_000n)
    expect(out).toBeLessThan(3_000_000_000n)
  })

  it('seeds every pool once, and swaps through them', async () => {
    expect(deployment.pooled).toEqual(Object.keys(devnetPools))
    const again = await deployAll({ rpcUrl: ctx.rpcUrl, writeModule: false })
    expect(again.pooled).toEqual([])
    expect(again.deployed).toEqual([])

    const { testUsd, testGold, weth9 } = deployment.addresses
    const wallet = ctx.wallet(6)
    const before = await ctx.publicClient.readContract({
      address: testGold,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [devAddress(6)],
    })
    const path = [weth9, testUsd, testGold]
    const [, , quoted] = (await ctx.publicClient.readContract({
      ...router(),
      functionName: 'getAmountsOut',
      args: [parseEther('0.5'), path],
    })) as bigint[]
    const hash = await wallet.writeContract({
      ...router(),
      functionName: 'swapExactETHForTokens',
      args: [quoted, path, devAddress(6), 2n ** 64n],
      value: parseEther('0.5'),
    })
    expect((await ctx.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    const after = await ctx.publicClient.readContract({
      address: testGold,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [devAddress(6)],
    })
    expect(after - before).toBe(quoted)
  })
})
