import { type AnvilInstance, deployAll, devAccounts, startAnvil } from '@allaccess/chain'
import { addresses, uniswapV2Router02Abi } from '@allaccess/chain/deployments'
import {
  CONVERT_TEXTS,
  type ConvertBuild,
  type ConvertGasPrice,
  type ConvertQuotes,
  type ConvertTokens,
  convertBuildSchema,
  convertQuotesSchema,
  convertTokensSchema,
  type FungiblePrices,
  minimumReceived,
  SWAP_DEADLINE_MAX_SECONDS,
} from '@allaccess/protocol'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from '../test-support/cloud.js'

let anvil: AnvilInstance
let cloud: TestCloud

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
  cloud = await startTestCloud({ RPC_UPSTREAM_31337: anvil.rpcUrl })
})
afterAll(async () => {
  await cloud?.close()
  await anvil?.stop()
})

const ETH = 'eip155:31337:native'
const USD = `eip155:31337:${addresses.testUsd}`
const GOLD = `eip155:31337:${addresses.testGold}`
const user = devAccounts[3] as { address: Address; privateKey: Hex }

const get = (path: string, query: Record<string, string>) =>
  fetch(`${cloud.url}${path}?${LOCAL_QUERY}&${new URLSearchParams(query)}`)
const post = (path: string, body: unknown) =>
  fetch(`${cloud.url}${path}?${LOCAL_QUERY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
const client = () => createPublicClient({ transport: http(anvil.rpcUrl) })
const router = () => ({ address: addresses.uniswapV2Router02, abi: uniswapV2Router02Abi }) as const

async function expectRefusal(answer: Promise<Response>, message: string) {
  const response = await answer
  expect(response.status).toBe(400)
  expect(await response.json()).toEqual({ code: 'bad_request', message })
}

describe('convert', () => {
  it("lists the devnet exchange's tokens; other chains are refused with the spec's text", async () => {
    const response = await get('/v1/convert/tokens', { chainId: 'eip155:31337' })
    expect(response.status).toBe(200)
    const { tokens } = convertTokensSchema.parse(await response.json()) as ConvertTokens
    expect(tokens.map((t) => [t.address, t.symbol, t.decimals])).toEqual([
      [ETH, 'ETH', 18],
      [USD, 'tUSD', 6],
      [GOLD, 'TGLD', 18],
    ])
    // A swap chain (docs/behaviour.md#swaps) this cloud has no exchange for: supported, nothing to swap.
    expect(await (await get('/v1/convert/tokens', { chainId: '8453' })).json()).toEqual({ tokens: [] })
    await expectRefusal(get('/v1/convert/tokens', { chainId: '5' }), CONVERT_TEXTS.swapsUnsupported)
    await expectRefusal(get('/v1/convert/gas-price', { chainId: '5' }), CONVERT_TEXTS.gasPriceUnsupported)
    // A network of another family (a Solana account's Swap) is unsupported too; a chain id of no form is invalid.
    const solana = 'solana:Tnwe9PZ5Ug274Ze7Tiurka8Y4UF42N4B'
    await expectRefusal(get('/v1/convert/tokens', { chainId: solana }), 'Network not supported for Swaps')
    await expectRefusal(
      get('/v1/convert/gas-price', { chainId: solana }),
      'Network not supported for Gas Price',
    )
    await expectRefusal(get('/v1/convert/tokens', { chainId: 'base' }), 'Invalid chainId: base')
    const gas = (await (await get('/v1/convert/gas-price', { chainId: '31337' })).json()) as ConvertGasPrice
    expect(BigInt(gas.fast)).toBeGreaterThan(BigInt(gas.standard))
  })

  it("quotes what the router's getAmountsOut gives, through WETH when that is the best route", async () => {
    const amount = parseEther('0.01')
    const response = await get('/v1/convert/quotes', {
      amount: amount.toString(),
      userAddress: user.address,
      from: ETH,
      to: USD,
    })
    expect(response.status).toBe(200)
    const [quote] = (convertQuotesSchema.parse(await response.json()) as ConvertQuotes).quotes
    const onChain = (await client().readContract({
      ...router(),
      functionName: 'getAmountsOut',
      args: [amount, [addresses.weth9, addresses.testUsd]],
    })) as bigint[]
    expect(quote?.toAmount).toBe(onChain[1]?.toString())
    expect(quote?.route).toEqual([addresses.weth9, addresses.testUsd])
    expect(quote?.feePercent).toBe(0.3)
    expect(quote?.fee).toBe(((amount * 3n) / 1000n).toString())
    expect(quote?.priceImpact).toBeGreaterThan(0)
    expect(quote?.priceImpact).toBeLessThan(0.05)

    // A big TGLD → tUSD trade moves the small direct pool more than it gains: the route goes through WETH.
    const big = await get('/v1/convert/quotes', {
      amount: parseEther('2000').toString(),
      userAddress: user.address,
      from: GOLD,
      to: USD,
    })
    const [through] = ((await big.json()) as ConvertQuotes).quotes
    expect(through?.route).toEqual([addresses.testGold, addresses.weth9, addresses.testUsd])
    const viaWeth = (await client().readContract({
      ...router(),
      functionName: 'getAmountsOut',
      args: [parseEther('2000'), [addresses.testGold, addresses.weth9, addresses.testUsd]],
    })) as bigint[]
    expect(through?.toAmount).toBe(viaWeth[2]?.toString())
  })

  it('refuses bad amounts, unknown tokens and the same token on both sides', async () => {
    const quote = (q: Record<string, string>) =>
      get('/v1/convert/quotes', { amount: '1000', userAddress: user.address, from: ETH, to: USD, ...q })
    await expectRefusal(quote({ amount: '0' }), CONVERT_TEXTS.amount)
    await expectRefusal(quote({ to: ETH }), CONVERT_TEXTS.sameToken)
    const stranger = `eip155:31337:${addresses.testPoints}`
    await expectRefusal(quote({ to: stranger }), CONVERT_TEXTS.unknownToken(stranger))
    await expectRefusal(quote({ to: 'eip155:5:native' }), CONVERT_TEXTS.swapsUnsupported)
    await expectRefusal(quote({ amount: (10n ** 40n).toString() }), CONVERT_TEXTS.tooLarge)
    const malformed = await quote({ amount: '-1' })
    expect(malformed.status).toBe(400)
    expect(((await malformed.json()) as { code: string }).code).toBe('bad_request')
  })

  it('builds a swap the wallet sends: ETH → tUSD gives at least the minimum received', async () => {
    const amount = parseEther('0.01')
    const response = await post('/v1/convert/build-transaction', {
      amount: amount.toString(),
      from: ETH,
      to: USD,
      userAddress: user.address,
    })
    expect(response.status).toBe(200)
    const { tx } = convertBuildSchema.parse(await response.json()) as ConvertBuild
    expect(tx.to).toBe(addresses.uniswapV2Router02)
    expect(tx.value).toBe(amount.toString())
    expect(tx.minimumReceived).toBe(minimumReceived(BigInt(tx.amountOut), 1).toString())
    expect(BigInt(tx.eip155.gas ?? 0)).toBeGreaterThan(0n)
    const balance = () =>
      client().readContract({
        address: addresses.testUsd,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [user.address],
      })
    const before = await balance()
    const wallet = createWalletClient({
      account: privateKeyToAccount(user.privateKey),
      transport: http(anvil.rpcUrl),
    })
    const hash = await wallet.sendTransaction({
      to: tx.to as Address,
      data: tx.data as Hex,
      value: BigInt(tx.value),
      chain: null,
    })
    expect((await client().waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await balance()).toBe(before + BigInt(tx.amountOut))
  })

  it('tUSD → ETH: the allowance is short, the approve it builds makes the swap possible', async () => {
    const amount = 5_000_000n // 5 tUSD
    const body = { amount: amount.toString(), from: USD, to: ETH, userAddress: user.address }
    const allowance = async () =>
      (
        (await (
          await get('/v1/convert/allowance', { tokenAddress: USD, userAddress: user.address })
        ).json()) as {
          allowance: string
        }
      ).allowance
    expect(await allowance()).toBe('0')
    await expectRefusal(post('/v1/convert/build-transaction', body), CONVERT_TEXTS.wouldFail)
    const approveQuery = { userAddress: user.address, from: USD, to: ETH }
    // No amount, no unlimited approval: the user has to choose.
    await expectRefusal(get('/v1/convert/build-approve', approveQuery), CONVERT_TEXTS.approveAmount)
    const unlimited = (await (
      await get('/v1/convert/build-approve', { ...approveQuery, unlimited: 'true' })
    ).json()) as { tx: { data: Hex } }
    expect(decodeFunctionData({ abi: erc20Abi, data: unlimited.tx.data }).args?.[1]).toBe(maxUint256)
    const approve = (await (
      await get('/v1/convert/build-approve', { ...approveQuery, amount: amount.toString() })
    ).json()) as { tx: { to: Address; data: Hex } }
    expect(approve.tx.to).toBe(addresses.testUsd)
    const wallet = createWalletClient({
      account: privateKeyToAccount(user.privateKey),
      transport: http(anvil.rpcUrl),
    })
    const approval = await wallet.sendTransaction({ to: approve.tx.to, data: approve.tx.data, chain: null })
    await client().waitForTransactionReceipt({ hash: approval })
    // What the swap spends, not unlimited.
    expect(await allowance()).toBe(amount.toString())
    const built = await post('/v1/convert/build-transaction', { ...body, eip155: { slippage: 0.5 } })
    expect(built.status).toBe(200)
    const { tx } = (await built.json()) as ConvertBuild
    expect(tx.minimumReceived).toBe(minimumReceived(BigInt(tx.amountOut), 0.5).toString())
    await expectRefusal(
      get('/v1/convert/build-approve', { userAddress: user.address, from: ETH, to: USD }),
      CONVERT_TEXTS.notErc20,
    )
  })

  it(`bounds the swap's deadline: after the latest block and at most ${SWAP_DEADLINE_MAX_SECONDS / 60} minutes after it`, async () => {
    const latest = Number((await client().getBlock()).timestamp)
    const body = (deadline: number) => ({
      amount: parseEther('0.001').toString(),
      from: ETH,
      to: USD,
      userAddress: user.address,
      disableEstimate: true,
      eip155: { deadline },
    })
    // The year 5138, an hour and a minute ahead, and the past.
    for (const deadline of [99_999_999_999, latest + SWAP_DEADLINE_MAX_SECONDS + 60, latest - 60])
      await expectRefusal(post('/v1/convert/build-transaction', body(deadline)), CONVERT_TEXTS.deadline)
    expect(
      (await post('/v1/convert/build-transaction', body(latest + SWAP_DEADLINE_MAX_SECONDS - 60))).status,
    ).toBe(200)
  })

  it('prices fungibles from the pools, in Test USD', async () => {
    const response = await post('/v1/fungible/price', { currency: 'usd', addresses: [ETH, USD, GOLD] })
    const { fungibles } = (await response.json()) as FungiblePrices
    const price = (id: string) => fungibles.find((f) => f.address === id)?.price
    expect(price(USD)).toBe(1)
    // The earlier tests' swaps moved the ETH pool a little.
    expect(price(ETH)).toBeGreaterThan(2990)
    expect(price(ETH)).toBeLessThan(3010)
    expect(price(GOLD)).toBeCloseTo(2.5, 1)
  })
})
