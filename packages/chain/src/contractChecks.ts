// Deploying one contract, and whether what is already on chain is the contract deployAll would deploy.
import { type Address, getAddress, type Hex, type PublicClient } from 'viem'
import type { ContractArtifact } from './compile'
import { deployerClients } from './deployerClients'
import type { PassConfig } from './deployment'
import { devAccounts } from './devnet'

export async function deployContract(
  rpcUrl: string,
  deployerKey: Hex | undefined,
  artifact: ContractArtifact,
  args: readonly unknown[],
): Promise<Address> {
  const key = deployerKey ?? devAccounts[0]?.privateKey
  if (!key) throw new Error('no deployer key')
  const { wallet, confirm } = deployerClients(rpcUrl, key, 'deployment')
  const hash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args,
    chain: null,
  })
  const receipt = await confirm(hash)
  if (!receipt.contractAddress) throw new Error(`deployment transaction ${hash} failed`)
  return getAddress(receipt.contractAddress)
}

/** Whether the code at `address` is `artifact`'s and its `owner(...args)` is `owner`. */
export async function isOwnedBy(
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
export async function hasCode(
  client: PublicClient,
  address: Address,
  artifact: ContractArtifact,
): Promise<boolean> {
  const code = await client.getCode({ address })
  if (!code || code.length !== artifact.deployedBytecode.length) return false
  let masked = code.toLowerCase()
  for (const { start, length } of artifact.immutableReferences) {
    const from = 2 + start * 2
    masked = masked.slice(0, from) + '0'.repeat(length * 2) + masked.slice(from + length * 2)
  }
  return masked === artifact.deployedBytecode.toLowerCase()
}

export async function isTestToken(
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

export async function isPass(
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
