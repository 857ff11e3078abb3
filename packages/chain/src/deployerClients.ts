// The deployer's clients for one step of the devnet's deploy, and the wait every one of its transactions gets.
import {
  createPublicClient,
  createWalletClient,
  type Hex,
  type HttpTransport,
  http,
  type PublicClient,
  type TransactionReceipt,
  type WalletClient,
} from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'

export type DeployerClients = {
  publicClient: PublicClient
  account: PrivateKeyAccount
  wallet: WalletClient<HttpTransport, undefined, PrivateKeyAccount>
  /** Waits for the transaction's receipt; a reverted one is an error. */
  confirm(hash: Hex): Promise<TransactionReceipt>
}

/** `step` names the step in the error of a transaction that reverted ("seeding transaction 0x… failed"). */
export function deployerClients(rpcUrl: string, deployerKey: Hex, step: string): DeployerClients {
  const publicClient = createPublicClient({ transport: http(rpcUrl) })
  const account = privateKeyToAccount(deployerKey)
  const wallet = createWalletClient({ account, transport: http(rpcUrl) })
  const confirm = async (hash: Hex): Promise<TransactionReceipt> => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`${step} transaction ${hash} failed`)
    return receipt
  }
  return { publicClient, account, wallet, confirm }
}
