import { readFile } from 'node:fs/promises'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { startAnvil } from '../src/anvil'
import { deployAll } from '../src/deploy'
import { deploymentsModulePath, renderDeploymentsModule } from '../src/deploymentsModule'
import { anvilChain, devAccounts, fundAccount, MULTICALL3_ADDRESS, revert, snapshot } from '../src/devnet'
import * as generated from '../src/generated/deployments'
import { devAddress, useAnvil } from './util'

const ctx = useAnvil()

describe('deployAll', () => {
  it('deploys everything on a fresh chain, then nothing', async () => {
    const first = await deployAll({ rpcUrl: ctx.rpcUrl, writeModule: false })
    expect(first.deployed).toEqual([
      'allAccessPass',
      'testUsd',
      'testGold',
      'testPoints',
      'spamDrop',
      'namesRegistry',
      'namesResolver',
      'namesUniversalResolver',
      'idRegistry',
      'weth9',
      'uniswapV2Factory',
      'uniswapV2Router02',
      'multicall3',
      'entryPoint08',
      'simple7702Account',
      'sponsorPaymaster',
    ])
    expect(first.seeded).toEqual(['testUsd', 'testGold', 'testPoints', 'spamDrop'])
    expect(first.moduleWritten).toBe(false)
    expect(first.deployer).toBe(devAccounts[0]?.address)

    const second = await deployAll({ rpcUrl: ctx.rpcUrl, writeModule: false })
    expect(second.deployed).toEqual([])
    expect(second.seeded).toEqual([])
    expect(second.addresses).toEqual(first.addresses)
  })

  it('gives a fresh anvil the addresses of the committed module, which is up to date', async () => {
    const deployment = await deployAll({ rpcUrl: ctx.rpcUrl, writeModule: false })
    expect(deployment.chainId).toBe(generated.chainId)
    expect(deployment.addresses).toEqual(generated.addresses)
    expect(deployment.passConfig).toEqual(generated.passConfig)
    const committed = await readFile(deploymentsModulePath, 'utf8')
    expect(committed, 'src/generated/deployments.ts is stale: run npm run anvil -w @allaccess/chain').toBe(
      await renderDeploymentsModule(deployment),
    )
  })

  it('only puts back what is missing', async () => {
    await ctx.publicClient.request({
      method: 'anvil_setCode' as never,
      params: [MULTICALL3_ADDRESS, '0x'] as never,
    })
    const again = await deployAll({ rpcUrl: ctx.rpcUrl, writeModule: false })
    expect(again.deployed).toEqual(['multicall3'])
    expect(again.seeded).toEqual([])
  })
})

describe('devnet', () => {
  it('derives the accounts anvil funds', async () => {
    const nodeAccounts = await createWalletClient({ transport: http(ctx.rpcUrl) }).getAddresses() // eth_accounts
    expect(devAccounts.map((a) => a.address)).toEqual(nodeAccounts)
    expect(devAccounts[0]).toEqual({
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    })
    expect(await ctx.publicClient.getBalance({ address: devAddress(9) })).toBe(parseEther('10000'))
  })

  it('describes the chain for viem', () => {
    const chain = anvilChain('http://127.0.0.1:9999', 1337)
    expect(chain.id).toBe(1337)
    expect(chain.name).toBe('Local devnet')
    expect(chain.nativeCurrency).toEqual({ name: 'Ether', symbol: 'ETH', decimals: 18 })
    expect(chain.rpcUrls.default.http).toEqual(['http://127.0.0.1:9999'])
    expect(chain.contracts?.multicall3?.address).toBe(MULTICALL3_ADDRESS)
    expect(anvilChain('http://x').id).toBe(31337)
  })

  it('funds accounts and snapshots/reverts state', async () => {
    const address = '0x000000000000000000000000000000000000bEEF'
    const id = await snapshot(ctx.rpcUrl)
    await fundAccount(ctx.rpcUrl, address, 123n)
    expect(await ctx.publicClient.getBalance({ address })).toBe(123n)
    await revert(ctx.rpcUrl, id)
    expect(await ctx.publicClient.getBalance({ address })).toBe(0n)
  })
})

describe('startAnvil', () => {
  it('honours chainId and stop() ends the node', async () => {
    const node = await startAnvil({ port: 0, chainId: 4242 })
    const client = createPublicClient({ transport: http(node.rpcUrl, { retryCount: 0 }) })
    expect(node.rpcUrl).toBe(`http://127.0.0.1:${node.port}`)
    expect(await client.getChainId()).toBe(4242)
    await node.stop()
    await expect(client.getChainId()).rejects.toThrow()
    await node.stop() // idempotent
  })

  it('fails clearly when the port is taken', async () => {
    await expect(startAnvil({ port: ctx.anvil.port })).rejects.toThrow(/anvil did not start/)
  })
})
