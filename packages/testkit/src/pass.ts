import { addresses, allAccessPassAbi, passConfig } from '@allaccess/chain/deployments'
import { type Address, createPublicClient, createWalletClient, http, parseEventLogs } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { fundedKey } from './funded-key'

/**
 * Gives `to` an All-Access Pass on the devnet: a fresh funded key mints one (one per wallet) and transfers it, so
 * any address gets one — an account's own or a smart account's. Returns the pass's token id.
 */
export async function givePass(
  rpcUrl: string,
  to: Address,
  pass: Address = addresses.allAccessPass,
): Promise<bigint> {
  const minter = privateKeyToAccount(await fundedKey(rpcUrl))
  const transport = http(rpcUrl, { retryCount: 0 })
  const wallet = createWalletClient({ account: minter, transport })
  const reader = createPublicClient({ transport, pollingInterval: 50 })
  const minted = await reader.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: pass,
      abi: allAccessPassAbi,
      functionName: 'mint',
      value: passConfig.priceWei,
      chain: null,
    }),
  })
  const [transfer] = parseEventLogs({ abi: allAccessPassAbi, logs: minted.logs, eventName: 'Transfer' })
  if (minted.status !== 'success' || !transfer) throw new Error('minting an All-Access Pass failed')
  const { tokenId } = transfer.args
  const moved = await reader.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: pass,
      abi: allAccessPassAbi,
      functionName: 'transferFrom',
      args: [minter.address, to, tokenId],
      chain: null,
    }),
  })
  if (moved.status !== 'success') throw new Error('transferring the All-Access Pass failed')
  return tokenId
}
