// Browser-safe pieces of the local devnet: constants, dev accounts, the viem chain and anvil cheat-code helpers.
import {
  type Address,
  type Chain,
  type Client,
  createTestClient,
  defineChain,
  type Hex,
  http,
  parseGwei,
  toHex,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { getBlock } from 'viem/actions'

export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'
export const DEFAULT_CHAIN_ID = 31337
export const DEFAULT_ANVIL_PORT = 8545
export const DEFAULT_ANVIL_HOST = '127.0.0.1'
export const DEV_ACCOUNT_COUNT = 10
export const DEV_ACCOUNT_BALANCE_ETH = 10_000
/** The canonical Multicall3 address; our own Multicall3 runtime code is installed there with anvil_setCode. */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

export interface DevAccount {
  address: Address
  privateKey: Hex
}

/** The first 10 accounts of DEV_MNEMONIC (m/44'/60'/0'/0/i): the accounts anvil funds with 10000 ETH. */
export const devAccounts: readonly DevAccount[] = Object.freeze(
  Array.from({ length: DEV_ACCOUNT_COUNT }, (_, addressIndex) => mnemonicAccount(addressIndex)),
)

function mnemonicAccount(addressIndex: number): DevAccount {
  const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex })
  const key = account.getHdKey().privateKey
  if (!key) throw new Error('HD key has no private key')
  return Object.freeze({ address: account.address, privateKey: toHex(key) })
}

/** The name service's zone on the devnet: the cloud's default NAMES_ZONE, set up in the registry by deployAll. */
export const DEVNET_NAMES_ZONE = 'allaccess.eth'
/**
 * Signs the cloud's CCIP-Read answers on the devnet (the cloud's default NAMES_SIGNER_KEY; public, like every dev
 * key): dev account #8, which only signs and never sends.
 */
export const DEVNET_NAMES_SIGNER = devAccounts[8] as DevAccount
/**
 * The devnet bundler's (Alto's) keys, public like every dev key: dev account #6 sends the bundles, #7 (the utility
 * account) deploys Alto's simulation contracts at start and refills #6. Nothing else sends from them.
 */
export const DEVNET_BUNDLER_EXECUTOR = devAccounts[6] as DevAccount
export const DEVNET_BUNDLER_UTILITY = devAccounts[7] as DevAccount
/** Alto's port under `npm start`. */
export const DEFAULT_BUNDLER_PORT = 4337
/**
 * Signs the paymaster's grants on the devnet (the cloud's default PAYMASTER_SIGNER_KEY): DEV_MNEMONIC's account #10,
 * outside the funded ten, which only signs.
 */
export const DEVNET_PAYMASTER_SIGNER: DevAccount = mnemonicAccount(10)
/** Where the devnet's resolver sends CCIP-Read requests: the cloud's gateway at its default address (POST form). */
export const DEVNET_NAMES_GATEWAY_URL = 'http://127.0.0.1:8787/v1/profile/ccip'

/** A viem chain for the local anvil at `rpcUrl`, with Multicall3 at its canonical address. */
export function anvilChain(rpcUrl: string, chainId: number = DEFAULT_CHAIN_ID): Chain {
  return defineChain({
    id: chainId,
    name: 'Local devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: {
      default: {
        http: [rpcUrl],
        ...(/^https?:/.test(rpcUrl) ? { webSocket: [rpcUrl.replace(/^http/, 'ws')] } : {}),
      },
    },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
    testnet: true,
  })
}

function testClient(rpcUrl: string) {
  return createTestClient({ mode: 'anvil', transport: http(rpcUrl) })
}

/** Sets the ETH balance of `address` to `wei` (anvil_setBalance). */
export async function fundAccount(rpcUrl: string, address: Address, wei: bigint): Promise<void> {
  await testClient(rpcUrl).setBalance({ address, value: wei })
}

/** Takes a snapshot of the chain state (evm_snapshot); pass the id to `revert`. */
export function snapshot(rpcUrl: string): Promise<Hex> {
  return testClient(rpcUrl).snapshot()
}

/** Restores the state of a snapshot (evm_revert). A snapshot can be reverted to only once. */
export async function revert(rpcUrl: string, id: Hex): Promise<void> {
  await testClient(rpcUrl).revert({ id })
}

/** The tip `devnetUserOperationFees` offers: anvil's minimum suggestion. */
export const DEVNET_PRIORITY_FEE = parseGwei('1')

/**
 * Fees for a UserOperation on the devnet: twice the base fee plus a fixed 1 gwei tip (EIP-1559's rule). Give it to
 * viem's bundler client (`userOperation: { estimateFeesPerGas: () => devnetUserOperationFees(client) }`): viem's
 * default doubles the node's suggested tip, and anvil's suggestion follows the last bundle's tip, so on the devnet the
 * fee doubles with every operation until the paymaster's `maxFeePerGasWei` refuses it (docs/paymaster.md).
 */
export async function devnetUserOperationFees(client: Client) {
  const { baseFeePerGas } = await getBlock(client)
  return {
    maxFeePerGas: 2n * (baseFeePerGas ?? 0n) + DEVNET_PRIORITY_FEE,
    maxPriorityFeePerGas: DEVNET_PRIORITY_FEE,
  }
}
