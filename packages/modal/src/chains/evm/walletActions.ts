import { type Config, getClient, getConnectorClient, sendTransaction } from '@wagmi/core'
import { type Address, encodeFunctionData, erc20Abi, type Hex, hexToBigInt, stringToHex } from 'viem'
import { estimateGas, getGasPrice, waitForTransactionReceipt } from 'viem/actions'
import { KernelError } from '../../kernel/errors'
import type { Network, Transfer, WalletActions } from '../types'

type ChainId = Config['chains'][number]['id']

/**
 * The EVM side of the account feature (docs/behaviour.md#account, #send): wallet capabilities and assets
 * (EIP-5792, EIP-7811) through the connected wallet, balances, fees and receipts through the chain's client.
 * `createEvmAdapter` loads this module on first use.
 */
export function createWalletActions(config: Config): WalletActions {
  const chainClient = (network: Network) => {
    const client = getClient(config, { chainId: Number(network.id) as ChainId })
    if (!client) throw new KernelError('unsupportedChain')
    return client
  }
  /** The wallet's own RPC: methods the chain's node doesn't know. */
  const walletRequest = async (method: string, params: unknown[]) => {
    const client = await getConnectorClient(config)
    return client.request({ method, params } as never) as Promise<unknown>
  }
  /** A token transfer is a call of the token's `transfer(to, amount)`; the native coin is a plain value. */
  const call = ({ to, amount, token }: Transfer) =>
    token
      ? {
          to: token as Address,
          value: 0n,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to as Address, amount],
          }),
        }
      : { to: to as Address, value: amount, data: undefined }

  return {
    getCapabilities: (address) => walletRequest('wallet_getCapabilities', [address]),
    getAssets: (address, chainFilter) =>
      walletRequest('wallet_getAssets', [{ account: address, chainFilter }]),
    signMessage: async (address, message) =>
      (await walletRequest('personal_sign', [stringToHex(message), address])) as string,
    async getBalance(address, network) {
      const value = hexToBigInt(
        (await chainClient(network).request({
          method: 'eth_getBalance',
          params: [address as Address, 'latest'],
        })) as Hex,
      )
      const { decimals, symbol } = network.nativeCurrency
      return { value, decimals, symbol }
    },
    async estimateTransfer(transfer) {
      const client = chainClient(transfer.network)
      const [gas, gasPrice] = await Promise.all([
        estimateGas(client, { account: transfer.from as Address, ...call(transfer) }),
        getGasPrice(client),
      ])
      return { gas, gasPrice, fee: gas * gasPrice }
    },
    sendTransfer: (transfer, { gas, gasPrice }) =>
      sendTransaction(config, {
        account: transfer.from as Address,
        chainId: Number(transfer.network.id) as ChainId,
        ...call(transfer),
        gas,
        gasPrice,
        type: 'legacy',
      }),
    sendCall: ({ from, to, data, value, network, gas, gasPrice }) =>
      sendTransaction(config, {
        account: from as Address,
        chainId: Number(network.id) as ChainId,
        to: to as Address,
        data: data as Hex,
        value,
        ...(gas === undefined ? {} : { gas }),
        ...(gasPrice === undefined ? {} : { gasPrice }),
        type: 'legacy',
      }),
    async waitForTransaction(hash, network, { timeoutMs, confirmations, retryCount, retryDelayMs }) {
      let replacement: 'repriced' | 'cancelled' | 'replaced' | undefined
      const receipt = await waitForTransactionReceipt(chainClient(network), {
        hash: hash as Hex,
        confirmations,
        timeout: timeoutMs,
        retryCount,
        // 200 ms after the first failure, doubling each time.
        retryDelay: ({ count }) => ~~(1 << count) * retryDelayMs,
        onReplaced: (replaced) => {
          replacement = replaced.reason
        },
      })
      return {
        hash: receipt.transactionHash,
        status: receipt.status,
        ...(replacement ? { replacement } : {}),
      }
    },
  }
}
