// The devnet's seeding once its contracts are deployed: the names set-up, the dev accounts' tokens, the pools.
import { type Address, type Hex, labelhash, namehash, zeroAddress, zeroHash } from 'viem'
import type { Artifacts } from './compile'
import { deployerClients } from './deployerClients'
import { DEVNET_NAMES_GATEWAY_URL, DEVNET_NAMES_SIGNER, DEVNET_NAMES_ZONE, devAccounts } from './devnet'
import { uniswapArtifacts } from './uniswap'

/** What deployAll makes sure of in the names contracts (docs/names.md). */
export interface NamesSetup {
  /** The zone whose names the resolver answers, e.g. "allaccess.eth"; owned by the deployer in the registry. */
  zone: string
  /** The CCIP-Read gateway (ERC-3668 URL template, or a POST URL). */
  gatewayUrl: string
  /** The address whose signatures the resolver accepts (the cloud's NAMES_SIGNER_KEY). */
  signer: Address
}

export const defaultNamesSetup: NamesSetup = Object.freeze({
  zone: DEVNET_NAMES_ZONE,
  gatewayUrl: DEVNET_NAMES_GATEWAY_URL,
  signer: DEVNET_NAMES_SIGNER.address,
})

export type SeededToken = 'testUsd' | 'testGold' | 'testPoints' | 'spamDrop'

/** Dev accounts that get test tokens, so a newcomer's dev wallet has something to show. */
export const SEEDED_ACCOUNTS = [1, 2, 3, 4, 5] as const

/**
 * What each seeded account gets, in base units: 1,000 tUSD, 25.5 TGLD, 500 TPTS and one SpamDrop reward (token
 * id `SPAM_TOKEN_ID`, airdropped to all of them in one transaction, as spam is).
 */
export const devnetSeed = Object.freeze({
  testUsd: 1_000_000_000n,
  testGold: 25_500_000_000_000_000_000n,
  testPoints: 500n,
  spamDrop: 1n,
})
export const SPAM_TOKEN_ID = 1n

/** A pool's tokens; `weth9` is ETH (the router wraps it). */
type PoolToken = 'weth9' | 'testUsd' | 'testGold'
export type PoolName = 'ethTestUsd' | 'ethTestGold' | 'testUsdTestGold'

/**
 * The devnet's Uniswap V2 pools and the liquidity the deployer gives each, in base units: 1 ETH = 3,000 tUSD and
 * 1 TGLD = 2.5 tUSD in all three (the prices file's), so a route through WETH and the direct one price alike.
 */
export const devnetPools: Readonly<Record<PoolName, readonly [[PoolToken, bigint], [PoolToken, bigint]]>> =
  Object.freeze({
    ethTestUsd: [
      ['weth9', 100_000_000_000_000_000_000n],
      ['testUsd', 300_000_000_000n],
    ],
    ethTestGold: [
      ['weth9', 100_000_000_000_000_000_000n],
      ['testGold', 120_000_000_000_000_000_000_000n],
    ],
    testUsdTestGold: [
      ['testUsd', 25_000_000_000n],
      ['testGold', 10_000_000_000_000_000_000_000n],
    ],
  })

/**
 * Gives the deployer the zone's node (and its parents) and the "reverse" node in the registry, sets the resolver on
 * both (a wildcard: it answers every name below them), and points the resolver at the gateway and signer asked for.
 * Each step only when it is not so already.
 */
export async function setUpNames(
  rpcUrl: string,
  deployerKey: Hex,
  contracts: Artifacts['contracts'],
  names: NamesSetup,
  at: { registry: Address; resolver: Address },
): Promise<void> {
  const { publicClient, account, wallet, confirm } = deployerClients(rpcUrl, deployerKey, 'names set-up')
  const registry = { address: at.registry, abi: contracts.NamesRegistry.abi } as const
  const resolver = { address: at.resolver, abi: contracts.OffchainNameResolver.abi } as const
  const read = (contract: typeof registry | typeof resolver, functionName: string, args: unknown[]) =>
    publicClient.readContract({ ...contract, functionName, args } as never) as Promise<unknown>
  const write = async (
    contract: typeof registry | typeof resolver,
    functionName: string,
    args: unknown[],
  ) => {
    await confirm(await wallet.writeContract({ ...contract, functionName, args, chain: null } as never))
  }
  for (const name of [names.zone, 'reverse']) {
    let node: Hex = zeroHash
    let suffix = ''
    for (const label of name.split('.').reverse()) {
      suffix = suffix ? `${label}.${suffix}` : label
      const child = namehash(suffix)
      if ((await read(registry, 'owner', [child])) !== account.address)
        await write(registry, 'setSubnodeOwner', [node, labelhash(label), account.address])
      node = child
    }
    if ((await read(registry, 'resolver', [node])) !== at.resolver)
      await write(registry, 'setResolver', [node, at.resolver])
  }
  const urls = (await read(resolver, 'gatewayUrls', [])) as string[]
  if (urls.length !== 1 || urls[0] !== names.gatewayUrl)
    await write(resolver, 'setUrls', [[names.gatewayUrl]])
  if (!(await read(resolver, 'isSigner', [names.signer])))
    await write(resolver, 'setSigner', [names.signer, true])
}

/**
 * Hands each seeded account its share of every token none of which exists yet (total supply 0, or no airdrop
 * made), so a second deploy seeds nothing and tokens that users moved are never topped up.
 */
export async function seedDevAccounts(
  rpcUrl: string,
  deployerKey: Hex,
  contracts: Artifacts['contracts'],
  tokens: Record<SeededToken, Address>,
): Promise<SeededToken[]> {
  const { publicClient, wallet, confirm: send } = deployerClients(rpcUrl, deployerKey, 'seeding')
  const recipients = SEEDED_ACCOUNTS.map((index) => devAccounts[index]?.address as Address)
  const seeded: SeededToken[] = []
  for (const [key, abi] of [
    ['testUsd', contracts.TestUSD.abi],
    ['testGold', contracts.TestToken.abi],
    ['testPoints', contracts.TestToken.abi],
  ] as const) {
    const address = tokens[key]
    const supply = await publicClient.readContract({ address, abi, functionName: 'totalSupply' })
    if (supply !== 0n) continue
    for (const to of recipients)
      await send(
        await wallet.writeContract({
          address,
          abi,
          functionName: 'mint',
          args: [to, devnetSeed[key]],
          chain: null,
        }),
      )
    seeded.push(key)
  }
  const { abi } = contracts.SpamDrop
  if ((await publicClient.readContract({ address: tokens.spamDrop, abi, functionName: 'drops' })) === 0n) {
    await send(
      await wallet.writeContract({
        address: tokens.spamDrop,
        abi,
        functionName: 'airdrop',
        args: [recipients, SPAM_TOKEN_ID, devnetSeed.spamDrop],
        chain: null,
      }),
    )
    seeded.push('spamDrop')
  }
  return seeded
}

/**
 * Gives each of `devnetPools` that has no liquidity yet (no pair, or a pair with no shares) its liquidity through
 * the router, minting the deployer the test tokens it needs first.
 */
export async function seedPools(
  rpcUrl: string,
  deployerKey: Hex,
  contracts: Artifacts['contracts'],
  at: Record<PoolToken, Address> & { factory: Address; router: Address },
): Promise<PoolName[]> {
  const {
    publicClient,
    account,
    wallet,
    confirm: send,
  } = deployerClients(rpcUrl, deployerKey, 'pool seeding')
  const router = { address: at.router, abi: uniswapArtifacts.UniswapV2Router02.abi } as const
  const tokenAbi = { testUsd: contracts.TestUSD.abi, testGold: contracts.TestToken.abi } as const
  // The router checks only that the deadline has not passed; the chain's clock may be ahead of ours.
  const deadline = 2n ** 64n
  const pooled: PoolName[] = []
  for (const [name, [[tokenA, amountA], [tokenB, amountB]]] of Object.entries(devnetPools)) {
    const pair = (await publicClient.readContract({
      address: at.factory,
      abi: uniswapArtifacts.UniswapV2Factory.abi,
      functionName: 'getPair',
      args: [at[tokenA], at[tokenB]],
    })) as Address
    if (
      pair !== zeroAddress &&
      (await publicClient.readContract({
        address: pair,
        abi: uniswapArtifacts.UniswapV2Pair.abi,
        functionName: 'totalSupply',
      })) !== 0n
    )
      continue
    for (const [token, amount] of [
      [tokenA, amountA],
      [tokenB, amountB],
    ] as const) {
      if (token === 'weth9') continue
      const erc20 = { address: at[token], abi: tokenAbi[token], chain: null } as const
      await send(
        await wallet.writeContract({ ...erc20, functionName: 'mint', args: [account.address, amount] }),
      )
      await send(await wallet.writeContract({ ...erc20, functionName: 'approve', args: [at.router, amount] }))
    }
    const hash =
      tokenA === 'weth9'
        ? await wallet.writeContract({
            ...router,
            functionName: 'addLiquidityETH',
            args: [at[tokenB], amountB, amountB, amountA, account.address, deadline],
            value: amountA,
            chain: null,
          })
        : await wallet.writeContract({
            ...router,
            functionName: 'addLiquidity',
            args: [at[tokenA], at[tokenB], amountA, amountB, amountA, amountB, account.address, deadline],
            chain: null,
          })
    await send(hash)
    pooled.push(name as PoolName)
  }
  return pooled
}
