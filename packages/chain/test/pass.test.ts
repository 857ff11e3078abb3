import { type Address, parseEventLogs, zeroAddress } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { deployAll, deployAllAccessPass } from '../src/deploy'
import { allAccessPassAbi } from '../src/generated/deployments'
import { devAddress, devKey, expectRevert, useAnvil } from './util'

const ctx = useAnvil()
let pass: Address
let price: bigint

beforeAll(async () => {
  pass = (await deployAll({ rpcUrl: ctx.rpcUrl, writeModule: false })).addresses.allAccessPass
  price = await read('price')
})

function read<
  const F extends 'price' | 'maxSupply' | 'walletLimit' | 'totalMinted' | 'name' | 'symbol' | 'owner',
>(functionName: F, address: Address = pass) {
  return ctx.publicClient.readContract({ address, abi: allAccessPassAbi, functionName })
}

async function mint(account: number, value: bigint, address: Address = pass) {
  const hash = await ctx
    .wallet(account)
    .writeContract({ address, abi: allAccessPassAbi, functionName: 'mint', value })
  const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

function tokenUri(tokenId: bigint) {
  return ctx.publicClient.readContract({
    address: pass,
    abi: allAccessPassAbi,
    functionName: 'tokenURI',
    args: [tokenId],
  })
}

function decodeDataUri(uri: string, mime: string): string {
  const prefix = `data:${mime};base64,`
  expect(uri.startsWith(prefix), uri.slice(0, 60)).toBe(true)
  return Buffer.from(uri.slice(prefix.length), 'base64').toString('utf8')
}

describe('AllAccessPass', () => {
  it('is configured as deployAll promises', async () => {
    expect(await read('name')).toBe('All-Access Pass')
    expect(await read('symbol')).toBe('AAP')
    expect(price).toBe(10n ** 16n)
    expect(await read('maxSupply')).toBe(1000n)
    expect(await read('walletLimit')).toBe(1n)
    expect(await read('totalMinted')).toBe(0n)
    expect(await read('owner')).toBe(devAddress(0))
  })

  it('mints the next token id to the sender at the right price', async () => {
    const receipt = await mint(1, price)
    const [transfer] = parseEventLogs({ abi: allAccessPassAbi, logs: receipt.logs, eventName: 'Transfer' })
    expect(transfer?.args).toEqual({ from: zeroAddress, to: devAddress(1), tokenId: 1n })
    const ownerOf = await ctx.publicClient.readContract({
      address: pass,
      abi: allAccessPassAbi,
      functionName: 'ownerOf',
      args: [1n],
    })
    expect(ownerOf).toBe(devAddress(1))
    expect(await read('totalMinted')).toBe(1n)
    expect(await ctx.publicClient.getBalance({ address: pass })).toBe(price)

    const second = await mint(2, price)
    const [next] = parseEventLogs({ abi: allAccessPassAbi, logs: second.logs, eventName: 'Transfer' })
    expect(next?.args.tokenId).toBe(2n)
  })

  it('reverts with WrongPrice when the value is not the price', async () => {
    const w = ctx.wallet(3)
    for (const value of [0n, price - 1n, price + 1n]) {
      await expectRevert(
        w.writeContract({ address: pass, abi: allAccessPassAbi, functionName: 'mint', value }),
        'WrongPrice',
        [value, price],
      )
    }
  })

  it('limits mints per wallet, even after the pass is transferred away', async () => {
    await mint(4, price)
    const tokenId = await read('totalMinted')
    const w = ctx.wallet(4)
    await expectRevert(
      w.writeContract({ address: pass, abi: allAccessPassAbi, functionName: 'mint', value: price }),
      'WalletLimitReached',
    )
    const hash = await w.writeContract({
      address: pass,
      abi: allAccessPassAbi,
      functionName: 'transferFrom',
      args: [devAddress(4), devAddress(5), tokenId],
    })
    await ctx.publicClient.waitForTransactionReceipt({ hash })
    await expectRevert(
      w.writeContract({ address: pass, abi: allAccessPassAbi, functionName: 'mint', value: price }),
      'WalletLimitReached',
    )
  })

  it('reverts with SoldOut once max supply is reached', async () => {
    const small = await deployAllAccessPass({
      rpcUrl: ctx.rpcUrl,
      deployerKey: devKey(9),
      priceWei: 1000n,
      maxSupply: 2,
      walletLimit: 0,
    })
    expect(await read('maxSupply', small)).toBe(2n)
    expect(await read('owner', small)).toBe(devAddress(9))
    await mint(6, 1000n, small)
    await mint(6, 1000n, small) // walletLimit 0: no per-wallet limit
    await expectRevert(
      ctx
        .wallet(7)
        .writeContract({ address: small, abi: allAccessPassAbi, functionName: 'mint', value: 1000n }),
      'SoldOut',
    )
    expect(await read('totalMinted', small)).toBe(2n)
  })

  it('serves on-chain JSON metadata with an SVG image that varies per token', async () => {
    const json = JSON.parse(decodeDataUri(await tokenUri(1n), 'application/json'))
    expect(json.name).toBe('All-Access Pass #1')
    expect(json.description).toMatch(/\w/)
    expect(json.attributes).toEqual([
      { trait_type: 'Number', display_type: 'number', value: 1 },
      { trait_type: 'Hue', value: 137 },
    ])
    const svg = decodeDataUri(json.image, 'image/svg+xml')
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>/)
    expect(svg.endsWith('</svg>')).toBe(true)
    expect(svg).toContain('>#1</text>')
    expect(svg).toContain('hsl(137,')

    const second = JSON.parse(decodeDataUri(await tokenUri(2n), 'application/json'))
    expect(second.name).toBe('All-Access Pass #2')
    expect(decodeDataUri(second.image, 'image/svg+xml')).toContain('hsl(274,')

    await expectRevert(tokenUri(999n), 'ERC721NonexistentToken', [999n])
  })

  it('lets only the owner withdraw the mint revenue', async () => {
    const revenue = await ctx.publicClient.getBalance({ address: pass })
    expect(revenue).toBe(3n * price)
    await expectRevert(
      ctx.wallet(1).writeContract({
        address: pass,
        abi: allAccessPassAbi,
        functionName: 'withdraw',
        args: [devAddress(1)],
      }),
      'OwnableUnauthorizedAccount',
      [devAddress(1)],
    )

    const to = devAddress(8)
    const before = await ctx.publicClient.getBalance({ address: to })
    const hash = await ctx.wallet(0).writeContract({
      address: pass,
      abi: allAccessPassAbi,
      functionName: 'withdraw',
      args: [to],
    })
    const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash })
    const [withdrawn] = parseEventLogs({ abi: allAccessPassAbi, logs: receipt.logs, eventName: 'Withdrawn' })
    expect(withdrawn?.args).toEqual({ to, amount: revenue })
    expect(await ctx.publicClient.getBalance({ address: to })).toBe(before + revenue)
    expect(await ctx.publicClient.getBalance({ address: pass })).toBe(0n)
  })
})
