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
  type PublicClient,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type Artifacts, type ContractArtifact, compileContracts, packageRoot } from './compile'
import { devAccounts, MULTICALL3_ADDRESS } from './devnet'

export interface PassConfig {
  priceWei: bigint
  maxSupply: number
  walletLimit: number
}

export interface DeploymentAddresses {
  allAccessPass: Address
  testUsd: Address
  multicall3: Address
}

export type DeployedContract = keyof DeploymentAddresses

export interface Deployment {
  chainId: number
  deployer: Address
  addresses: DeploymentAddresses
  passConfig: PassConfig
  /** What this call deployed or installed; empty when everything was already in place. */
  deployed: DeployedContract[]
  /** Whether src/generated/deployments.ts was (re)written by this call. */
  moduleWritten: boolean
}

export interface DeployAllOptions {
  rpcUrl: string
  /** Default: dev account 0, so a fresh anvil always gets the same addresses. */
  deployerKey?: Hex
  /** Write src/generated/deployments.ts (only if its content changes). Default true. */
  writeModule?: boolean
}

/** The configuration `deployAll` gives the All-Access Pass. */
export const defaultPassConfig: PassConfig = Object.freeze({
  priceWei: parseEther('0.01'),
  maxSupply: 1000,
  walletLimit: 1,
})

export const deploymentsModulePath = join(packageRoot, 'src', 'generated', 'deployments.ts')

/**
 * Makes sure the chain at `rpcUrl` has the All-Access Pass (default config), Test USD and Multicall3 (at its
 * canonical address). Contracts already on chain — at the addresses recorded in the generated module or at the
 * deployer's first two CREATE addresses — are reused when their code and configuration match.
 */
export async function deployAll(opts: DeployAllOptions): Promise<Deployment> {
  const { contracts } = await compileContracts()
  const publicClient = createPublicClient({ transport: http(opts.rpcUrl) })
  const chainId = await publicClient.getChainId()
  const deployerKey = opts.deployerKey ?? devAccounts[0]?.privateKey
  if (!deployerKey) throw new Error('no deployer key')
  const deployer = privateKeyToAccount(deployerKey).address

  const recorded = await readRecordedAddresses(chainId)
  const candidates = (key: 'allAccessPass' | 'testUsd', nonce: number) =>
    unique([recorded?.[key], getContractAddress({ from: deployer, nonce: BigInt(nonce) })])

  const deployed: DeployedContract[] = []
  let allAccessPass = await findFirst(candidates('allAccessPass', 0), (a) =>
    isPass(publicClient, a, contracts.AllAccessPass, defaultPassConfig),
  )
  if (!allAccessPass) {
    allAccessPass = await deployAllAccessPass({ rpcUrl: opts.rpcUrl, deployerKey, ...defaultPassConfig })
    deployed.push('allAccessPass')
  }
  let testUsd = await findFirst(candidates('testUsd', 1), (a) => hasCode(publicClient, a, contracts.TestUSD))
  if (!testUsd) {
    testUsd = await deployContract(opts.rpcUrl, deployerKey, contracts.TestUSD, [])
    deployed.push('testUsd')
  }
  if (!(await hasCode(publicClient, MULTICALL3_ADDRESS, contracts.Multicall3))) {
    await createTestClient({ mode: 'anvil', transport: http(opts.rpcUrl) }).setCode({
      address: MULTICALL3_ADDRESS,
      bytecode: contracts.Multicall3.deployedBytecode,
    })
    deployed.push('multicall3')
  }

  const deployment: Deployment = {
    chainId,
    deployer,
    addresses: { allAccessPass, testUsd, multicall3: MULTICALL3_ADDRESS },
    passConfig: { ...defaultPassConfig },
    deployed,
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
    abi('multicall3Abi', contracts.Multicall3.abi),
  ].join('\n')
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
