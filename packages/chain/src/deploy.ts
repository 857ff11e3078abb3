import {
  type Address,
  createPublicClient,
  createTestClient,
  getContractAddress,
  type Hex,
  http,
  parseEther,
  zeroHash,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ensureAccountAbstraction } from './accountAbstraction'
import { compileContracts } from './compile'
import { deployContract, hasCode, isOwnedBy, isPass, isTestToken } from './contractChecks'
import type { DeployedContract, Deployment, PassConfig } from './deployment'
import {
  deploymentsModulePath,
  readRecordedAddresses,
  renderDeploymentsModule,
  writeIfChanged,
} from './deploymentsModule'
import { devAccounts, MULTICALL3_ADDRESS } from './devnet'
import { defaultNamesSetup, type NamesSetup, seedDevAccounts, seedPools, setUpNames } from './seeding'

import { uniswapArtifacts } from './uniswap'

export interface DeployAllOptions {
  rpcUrl: string
  /** Default: dev account 0, so a fresh anvil always gets the same addresses. */
  deployerKey?: Hex
  /** Write src/generated/deployments.ts (only if its content changes). Default true. */
  writeModule?: boolean
  /** The name service's set-up; defaults: the devnet's zone, the cloud's gateway at its default address, dev signer. */
  names?: Partial<NamesSetup>
}

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

async function findFirst<T>(items: T[], test: (item: T) => Promise<boolean>): Promise<T | undefined> {
  for (const item of items) if (await test(item)) return item
  return undefined
}

function unique(items: (Address | undefined)[]): Address[] {
  return [...new Set(items.filter((a): a is Address => a !== undefined))]
}
