// What a devnet deployment is: its contracts' addresses, the pass's configuration, what a deploy did.
import type { Address } from 'viem'
import type { AccountAbstractionAddresses, AccountAbstractionContract } from './accountAbstraction'
import type { PoolName, SeededToken } from './seeding'

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
