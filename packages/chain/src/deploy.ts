// Over 350 lines: one idempotent deploy of every devnet contract, in CREATE-nonce order, with its seeding; the
// ERC-4337 contracts are deployed apart (accountAbstraction.ts).
import { readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  type Abi,
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  getContractAddress,
  type Hex,
  http,
  labelhash,
  namehash,
  type PublicClient,
  parseEther,
  zeroAddress,
  zeroHash,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  type AccountAbstractionAddresses,
  type AccountAbstractionContract,
  ensureAccountAbstraction,
  simple7702AccountArtifact,
} from './accountAbstraction'
import { type Artifacts, type ContractArtifact, compileContracts, packageRoot } from './compile'
import {
  DEVNET_NAMES_GATEWAY_URL,
  DEVNET_NAMES_SIGNER,
  DEVNET_NAMES_ZONE,
  devAccounts,
  MULTICALL3_ADDRESS,
} from './devnet'
import { UNISWAP_V2_PAIR_INIT_CODE_HASH, uniswapArtifacts } from './uniswap'

export interface PassConfig {
  priceWei: bigint
  maxSupply: number
  walletLimit: number
}

/** The ERC-4337 v0.8 contracts (src/accountAbstraction.ts) are part of it too. */
export interface DeploymentAddresses extends AccountAbstractionAddresses {
  allAccessPass: Address
  testUsd: Address
  /** An 18-decimal ERC-20 (TestToken "Test Gold", TGLD). */
  testGold: Address
  /** A 0-decimal ERC-20 (TestToken "Test Points", TPTS): wallets drop such entries as low quality. */
  testPoints: Address
  /** An ERC-1155 airdropped unasked (SpamDrop): wallets must hide it. */
  spamDrop: Address
  multicall3: Address
  /** The ENS registry (NamesRegistry) the name service's zone and the reverse node live in. */
  namesRegistry: Address
  /** The zone's and the reverse names' wildcard CCIP-Read resolver (OffchainNameResolver). */
  namesResolver: Address
  /** What ENS clients call (`universalResolverAddress` of viem's getEnsAddress / getEnsName / getEnsText). */
  namesUniversalResolver: Address
  /** Farcaster's ID registry on the devnet (IdRegistry): fids and their custody addresses. */
  idRegistry: Address
  /** Wrapped ether as Uniswap V2 publishes it (the router's WETH). */
  weth9: Address
  uniswapV2Factory: Address
  uniswapV2Router02: Address
}

export type DeployedContract = keyof DeploymentAddresses | AccountAbstractionContract

export interface Deployment {
  chainId: number
  deployer: Address
  addresses: DeploymentAddresses
  passConfig: PassConfig
  /** What this call deployed or installed; empty when everything was already in place. */
  deployed: DeployedContract[]
  /** The tokens this call handed out to dev accounts #1–#5 (`devnetSeed`): those of which none existed yet. */
  seeded: SeededToken[]
  /** The Uniswap V2 pools (`devnetPools`) this call gave their liquidity to: those that had none. */
  pooled: PoolName[]
  /** Whether src/generated/deployments.ts was (re)written by this call. */
  moduleWritten: boolean
}

export interface DeployAllOptions {
  rpcUrl: string
  /** Default: dev account 0, so a fresh anvil always gets the same addresses. */
  deployerKey?: Hex
  /** Write src/generated/deployments.ts (only if its content changes). Default true. */
  writeModule?: boolean
  /** The name service's set-up; defaults: the devnet's zone, the cloud's gateway at its default address, dev signer. */
  names?: Partial<NamesSetup>
}

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

/** The configuration `deployAll` gives the All-Access Pass. */
export const defaultPassConfig: PassConfig = Object.freeze({
  priceWei: parseEther('0.01'),
  maxSupply: 1000,
  walletLimit: 1,
})

/** The ERC-20s `TestToken` is deployed as. */
export const testTokens = Object.freeze({
  testGold: { name: 'Test Gold', symbol: 'TGLD', decimals: 18 },
  testPoints: { name: 'Test Points', symbol: 'TPTS', decimals: 0 },
} as const)

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

export const deploymentsModulePath = join(packageRoot, 'src', 'generated', 'deployments.ts')

/**
 * Makes sure the chain at `rpcUrl` has the All-Access Pass (default config), Test USD, Test Gold (18 decimals),
 * Test Points (0 decimals), the SpamDrop collection, the names contracts, Farcaster's ID registry and Multicall3
 * (at its canonical address), the ERC-4337 v0.8 contracts and our funded paymaster (`ensureAccountAbstraction`), and
 * that dev
 * accounts #1–#5 hold the seeded tokens (`devnetSeed`). Contracts already on chain — at the addresses recorded in
 * the generated module or at the deployer's first five CREATE addresses — are reused when their code and
 * configuration match; a token is seeded only while none of it exists.
 */
export async function deployAll(opts: DeployAllOptions): Promise<Deployment> {
  const { contracts } = await compileContracts()
  const publicClient = createPublicClient({ transport: http(opts.rpcUrl) })
  const chainId = await publicClient.getChainId()
  const deployerKey = opts.deployerKey ?? devAccounts[0]?.privateKey
  if (!deployerKey) throw new Error('no deployer key')
  const deployer = privateKeyToAccount(deployerKey).address

  const recorded = await readRecordedAddresses(chainId)
  const candidates = (key: keyof typeof CREATE_NONCES) =>
    unique([recorded?.[key], getContractAddress({ from: deployer, nonce: BigInt(CREATE_NONCES[key]) })])

  const deployed: DeployedContract[] = []
  /** The contract at the first candidate that passes `isIt`, else a fresh deployment of `deploy`. */
  const ensure = async (
    key: keyof typeof CREATE_NONCES,
    isIt: (address: Address) => Promise<boolean>,
    deploy: () => Promise<Address>,
  ): Promise<Address> => {
    const found = await findFirst(candidates(key), isIt)
    if (found) return found
    deployed.push(key)
    return deploy()
  }
  // Deployed in CREATE-nonce order, before any seeding transaction, so a fresh chain gets the recorded addresses.
  const allAccessPass = await ensure(
    'allAccessPass',
    (a) => isPass(publicClient, a, contracts.AllAccessPass, defaultPassConfig),
    () => deployAllAccessPass({ rpcUrl: opts.rpcUrl, deployerKey, ...defaultPassConfig }),
  )
  const testUsd = await ensure(
    'testUsd',
    (a) => hasCode(publicClient, a, contracts.TestUSD),
    () => deployContract(opts.rpcUrl, deployerKey, contracts.TestUSD, []),
  )
  const tokenAt = async (key: keyof typeof testTokens) => {
    const { name, symbol, decimals } = testTokens[key]
    return ensure(
      key,
      (a) => isTestToken(publicClient, a, contracts.TestToken, testTokens[key]),
      () => deployContract(opts.rpcUrl, deployerKey, contracts.TestToken, [name, symbol, decimals]),
    )
  }
  const testGold = await tokenAt('testGold')
  const testPoints = await tokenAt('testPoints')
  const spamDrop = await ensure(
    'spamDrop',
    (a) => hasCode(publicClient, a, contracts.SpamDrop),
    () => deployContract(opts.rpcUrl, deployerKey, contracts.SpamDrop, []),
  )
  const names = { ...defaultNamesSetup, ...opts.names }
  const namesRegistry = await ensure(
    'namesRegistry',
    (a) => isOwnedBy(publicClient, a, contracts.NamesRegistry, deployer, [zeroHash]),
    () => deployContract(opts.rpcUrl, deployerKey, contracts.NamesRegistry, []),
  )
  const namesResolver = await ensure(
    'namesResolver',
    (a) => isOwnedBy(publicClient, a, contracts.OffchainNameResolver, deployer, []),
    () =>
      deployContract(opts.rpcUrl, deployerKey, contracts.OffchainNameResolver, [
        [names.gatewayUrl],
        [names.signer],
      ]),
  )
  const namesUniversalResolver = await ensure(
    'namesUniversalResolver',
    async (a) =>
      (await hasCode(publicClient, a, contracts.NamesUniversalResolver)) &&
      (await publicClient.readContract({
        address: a,
        abi: contracts.NamesUniversalResolver.abi,
        functionName: 'registry',
      })) === namesRegistry,
    () => deployContract(opts.rpcUrl, deployerKey, contracts.NamesUniversalResolver, [namesRegistry]),
  )
  const idRegistry = await ensure(
    'idRegistry',
    (a) => hasCode(publicClient, a, contracts.IdRegistry),
    () => deployContract(opts.rpcUrl, deployerKey, contracts.IdRegistry, []),
  )
  const weth9 = await ensure(
    'weth9',
    (a) => hasCode(publicClient, a, uniswapArtifacts.WETH9),
    () => deployContract(opts.rpcUrl, deployerKey, uniswapArtifacts.WETH9, []),
  )
  const uniswapV2Factory = await ensure(
    'uniswapV2Factory',
    (a) => hasCode(publicClient, a, uniswapArtifacts.UniswapV2Factory),
    () => deployContract(opts.rpcUrl, deployerKey, uniswapArtifacts.UniswapV2Factory, [deployer]),
  )
  const uniswapV2Router02 = await ensure(
    'uniswapV2Router02',
    async (a) => {
      if (!(await hasCode(publicClient, a, uniswapArtifacts.UniswapV2Router02))) return false
      const read = (functionName: 'factory' | 'WETH') =>
        publicClient.readContract({ address: a, abi: uniswapArtifacts.UniswapV2Router02.abi, functionName })
      return (await read('factory')) === uniswapV2Factory && (await read('WETH')) === weth9
    },
    () =>
      deployContract(opts.rpcUrl, deployerKey, uniswapArtifacts.UniswapV2Router02, [uniswapV2Factory, weth9]),
  )
  await setUpNames(opts.rpcUrl, deployerKey, contracts, names, {
    registry: namesRegistry,
    resolver: namesResolver,
  })
  if (!(await hasCode(publicClient, MULTICALL3_ADDRESS, contracts.Multicall3))) {
    await createTestClient({ mode: 'anvil', transport: http(opts.rpcUrl) }).setCode({
      address: MULTICALL3_ADDRESS,
      bytecode: contracts.Multicall3.deployedBytecode,
    })
    deployed.push('multicall3')
  }
  // Through the CREATE2 deployer, after the CREATE deployments, so their nonces stay the recorded ones.
  const accountAbstraction = await ensureAccountAbstraction({ rpcUrl: opts.rpcUrl, deployerKey })
  deployed.push(...accountAbstraction.deployed)
  const seeded = await seedDevAccounts(opts.rpcUrl, deployerKey, contracts, {
    testUsd,
    testGold,
    testPoints,
    spamDrop,
  })
  const pooled = await seedPools(opts.rpcUrl, deployerKey, contracts, {
    weth9,
    testUsd,
    testGold,
    factory: uniswapV2Factory,
    router: uniswapV2Router02,
  })

  const deployment: Deployment = {
    chainId,
    deployer,
    addresses: {
      allAccessPass,
      testUsd,
      testGold,
      testPoints,
      spamDrop,
      multicall3: MULTICALL3_ADDRESS,
      namesRegistry,
      namesResolver,
      namesUniversalResolver,
      idRegistry,
      weth9,
      uniswapV2Factory,
      uniswapV2Router02,
      ...accountAbstraction.addresses,
    },
    passConfig: { ...defaultPassConfig },
    deployed,
    seeded,
    pooled,
    moduleWritten: false,
  }
  if (opts.writeModule ?? true) {
    deployment.moduleWritten = await writeIfChanged(
      deploymentsModulePath,
      await renderDeploymentsModule(deployment),
    )
  }
  return deployment
}

export interface DeployPassOptions extends Partial<PassConfig> {
  rpcUrl: string
  /** Default: dev account 0. The deployer owns the pass. */
  deployerKey?: Hex
}

/** Deploys a new All-Access Pass (any config; defaults from `defaultPassConfig`) and returns its address. */
export async function deployAllAccessPass(opts: DeployPassOptions): Promise<Address> {
  const { contracts } = await compileContracts()
  return deployContract(opts.rpcUrl, opts.deployerKey, contracts.AllAccessPass, [
    opts.priceWei ?? defaultPassConfig.priceWei,
    BigInt(opts.maxSupply ?? defaultPassConfig.maxSupply),
    BigInt(opts.walletLimit ?? defaultPassConfig.walletLimit),
  ])
}

/** The generated module: chain id, addresses, pass config and `as const` ABIs. */
export async function renderDeploymentsModule(
  deployment: Pick<Deployment, 'chainId' | 'addresses' | 'passConfig'>,
  artifacts?: Artifacts,
): Promise<string> {
  const { contracts } = artifacts ?? (await compileContracts())
  const { priceWei, maxSupply, walletLimit } = deployment.passConfig
  const abi = (name: string, value: Abi) =>
    `export const ${name} = ${JSON.stringify(value, null, 2)} as const\n`
  return [
    '// generated by packages/chain — do not edit',
    '// Written by deployAll() (npm run deploy -w @allaccess/chain) from packages/chain/contracts.',
    '',
    `export const chainId = ${deployment.chainId}`,
    '',
    `export const addresses = ${JSON.stringify(deployment.addresses, null, 2)} as const`,
    '',
    'export const passConfig = {',
    `  priceWei: ${priceWei}n,`,
    `  maxSupply: ${maxSupply},`,
    `  walletLimit: ${walletLimit},`,
    '} as const',
    '',
    abi('allAccessPassAbi', contracts.AllAccessPass.abi),
    abi('testUsdAbi', contracts.TestUSD.abi),
    abi('testTokenAbi', contracts.TestToken.abi),
    abi('spamDropAbi', contracts.SpamDrop.abi),
    abi('multicall3Abi', contracts.Multicall3.abi),
    abi('namesRegistryAbi', contracts.NamesRegistry.abi),
    abi('offchainNameResolverAbi', contracts.OffchainNameResolver.abi),
    abi('namesUniversalResolverAbi', contracts.NamesUniversalResolver.abi),
    abi('idRegistryAbi', contracts.IdRegistry.abi),
    abi('weth9Abi', uniswapArtifacts.WETH9.abi),
    abi('uniswapV2FactoryAbi', uniswapArtifacts.UniswapV2Factory.abi),
    abi('uniswapV2PairAbi', uniswapArtifacts.UniswapV2Pair.abi),
    abi('uniswapV2Router02Abi', uniswapArtifacts.UniswapV2Router02.abi),
    abi('sponsorPaymasterAbi', contracts.SponsorPaymaster.abi),
    abi('simple7702AccountAbi', simple7702AccountArtifact.abi),
    `export const uniswapV2PairInitCodeHash = '${UNISWAP_V2_PAIR_INIT_CODE_HASH}'\n`,
  ].join('\n')
}

/** The deployer's CREATE nonce of each contract on a fresh chain. */
const CREATE_NONCES = {
  allAccessPass: 0,
  testUsd: 1,
  testGold: 2,
  testPoints: 3,
  spamDrop: 4,
  namesRegistry: 5,
  namesResolver: 6,
  namesUniversalResolver: 7,
  idRegistry: 8,
  weth9: 9,
  uniswapV2Factory: 10,
  uniswapV2Router02: 11,
} as const

/**
 * Gives the deployer the zone's node (and its parents) and the "reverse" node in the registry, sets the resolver on
 * both (a wildcard: it answers every name below them), and points the resolver at the gateway and signer asked for.
 * Each step only when it is not so already.
 */
async function setUpNames(
  rpcUrl: string,
  deployerKey: Hex,
  contracts: Artifacts['contracts'],
  names: NamesSetup,
  at: { registry: Address; resolver: Address },
): Promise<void> {
  const publicClient = createPublicClient({ transport: http(rpcUrl) })
  const account = privateKeyToAccount(deployerKey)
  const wallet = createWalletClient({ account, transport: http(rpcUrl) })
  const registry = { address: at.registry, abi: contracts.NamesRegistry.abi } as const
  const resolver = { address: at.resolver, abi: contracts.OffchainNameResolver.abi } as const
  const read = (contract: typeof registry | typeof resolver, functionName: string, args: unknown[]) =>
    publicClient.readContract({ ...contract, functionName, args } as never) as Promise<unknown>
  const write = async (
    contract: typeof registry | typeof resolver,
    functionName: string,
    args: unknown[],
  ) => {
    const hash = await wallet.writeContract({ ...contract, functionName, args, chain: null } as never)
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`names set-up transaction ${hash} failed`)
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
async function seedDevAccounts(
  rpcUrl: string,
  deployerKey: Hex,
  contracts: Artifacts['contracts'],
  tokens: Record<SeededToken, Address>,
): Promise<SeededToken[]> {
  const publicClient = createPublicClient({ transport: http(rpcUrl) })
  const wallet = createWalletClient({ account: privateKeyToAccount(deployerKey), transport: http(rpcUrl) })
  const recipients = SEEDED_ACCOUNTS.map((index) => devAccounts[index]?.address as Address)
  const send = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`seeding transaction ${hash} failed`)
  }
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
async function seedPools(
  rpcUrl: string,
  deployerKey: Hex,
  contracts: Artifacts['contracts'],
  at: Record<PoolToken, Address> & { factory: Address; router: Address },
): Promise<PoolName[]> {
  const publicClient = createPublicClient({ transport: http(rpcUrl) })
  const account = privateKeyToAccount(deployerKey)
  const wallet = createWalletClient({ account, transport: http(rpcUrl) })
  const send = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`pool seeding transaction ${hash} failed`)
  }
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

async function deployContract(
  rpcUrl: string,
  deployerKey: Hex | undefined,
  artifact: ContractArtifact,
  args: readonly unknown[],
): Promise<Address> {
  const key = deployerKey ?? devAccounts[0]?.privateKey
  if (!key) throw new Error('no deployer key')
  const wallet = createWalletClient({ account: privateKeyToAccount(key), transport: http(rpcUrl) })
  const hash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args,
    chain: null,
  })
  const publicClient = createPublicClient({ transport: http(rpcUrl) })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`deployment transaction ${hash} failed`)
  }
  return getAddress(receipt.contractAddress)
}

/** Whether the code at `address` is `artifact`'s and its `owner(...args)` is `owner`. */
async function isOwnedBy(
  client: PublicClient,
  address: Address,
  artifact: ContractArtifact,
  owner: Address,
  args: readonly unknown[],
): Promise<boolean> {
  if (!(await hasCode(client, address, artifact))) return false
  return (await client.readContract({ address, abi: artifact.abi, functionName: 'owner', args })) === owner
}

/** Whether the code at `address` is `artifact`'s runtime code (immutable values aside). */
async function hasCode(client: PublicClient, address: Address, artifact: ContractArtifact): Promise<boolean> {
  const code = await client.getCode({ address })
  if (!code || code.length !== artifact.deployedBytecode.length) return false
  let masked = code.toLowerCase()
  for (const { start, length } of artifact.immutableReferences) {
    const from = 2 + start * 2
    masked = masked.slice(0, from) + '0'.repeat(length * 2) + masked.slice(from + length * 2)
  }
  return masked === artifact.deployedBytecode.toLowerCase()
}

async function isTestToken(
  client: PublicClient,
  address: Address,
  artifact: ContractArtifact,
  token: { name: string; symbol: string; decimals: number },
) {
  if (!(await hasCode(client, address, artifact))) return false
  const read = (functionName: 'name' | 'symbol' | 'decimals') =>
    client.readContract({ address, abi: artifact.abi, functionName }) as Promise<string | number>
  const [name, symbol, decimals] = await Promise.all([read('name'), read('symbol'), read('decimals')])
  return name === token.name && symbol === token.symbol && decimals === token.decimals
}

async function isPass(
  client: PublicClient,
  address: Address,
  artifact: ContractArtifact,
  config: PassConfig,
) {
  if (!(await hasCode(client, address, artifact))) return false
  const read = (functionName: string) =>
    client.readContract({ address, abi: artifact.abi, functionName }) as Promise<bigint>
  const [price, maxSupply, walletLimit] = await Promise.all([
    read('price'),
    read('maxSupply'),
    read('walletLimit'),
  ])
  return (
    price === config.priceWei &&
    maxSupply === BigInt(config.maxSupply) &&
    walletLimit === BigInt(config.walletLimit)
  )
}

/** Addresses recorded for `chainId` in the generated module (our own output format, so a pattern suffices). */
async function readRecordedAddresses(chainId: number): Promise<Partial<DeploymentAddresses> | undefined> {
  const text = await readFile(deploymentsModulePath, 'utf8').catch(() => '')
  const id = /^export const chainId = (\d+)$/m.exec(text)?.[1]
  const addresses = /^export const addresses = (\{[^}]*\}) as const$/m.exec(text)?.[1]
  if (Number(id) !== chainId || !addresses) return undefined
  try {
    const parsed = JSON.parse(addresses) as Record<string, string>
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, getAddress(v)]))
  } catch {
    return undefined
  }
}

async function writeIfChanged(path: string, content: string): Promise<boolean> {
  const current = await readFile(path, 'utf8').catch(() => undefined)
  if (current === content) return false
  const tmp = `${path}.${process.pid}.tmp`
  await writeFile(tmp, content)
  await rename(tmp, path)
  return true
}

async function findFirst<T>(items: T[], test: (item: T) => Promise<boolean>): Promise<T | undefined> {
  for (const item of items) if (await test(item)) return item
  return undefined
}

function unique(items: (Address | undefined)[]): Address[] {
  return [...new Set(items.filter((a): a is Address => a !== undefined))]
}
