import { type Config, getClient, getConnectorClient, sendTransaction } from '@wagmi/core'
import { type Address, encodeFunctionData, erc20Abi, type Hex, hexToBigInt, stringToHex } from 'viem'
import { estimateGas, getGasPrice, waitForTransactionReceipt } from 'viem/actions'
import { KernelError } from '../../kernel/errors'
import type { Call, Network, Transfer, TransferPlan, WalletActions } from '../types'
import { hexChainId, readCapabilities, readWalletAssets, supportsAssetDiscovery } from './assetDiscovery'
import { getBatchSupport } from './getBatchSupport'
import { getCallsStatus } from './getCallsStatus'
import { sendCalls } from './sendCalls'
import type { WalletRequest } from './walletRequest'

type ChainId = Config['chains'][number]['id']

/** What an EVM transfer plan carries besides its fee: the gas limit and the gas price the fee was priced at. */
type EvmPricing = { gas: bigint; gasPrice: bigint }

/**
 * Each plan this module made, with its pricing: a send takes only a plan made here, and sends it at exactly the
 * gas and price whose fee the visitor saw. Module-wide, as the adapter loads a fresh set of actions per use.
 */
const pricingOf = new WeakMap<TransferPlan, EvmPricing>()

/** The cloud's `eip155` part of a call: the gas limit it estimated, in base units as a decimal string. */
const gasOf = (call: Call) => {
  const gas = call.eip155?.gas
  return typeof gas === 'string' || typeof gas === 'bigint' ? BigInt(gas) : undefined
}

/**
 * The EVM wallet actions (docs/behaviour.md#account, #send): assets and atomic batches through the connected
 * wallet (EIP-5792 capabilities and calls, EIP-7811 assets, ERC-7677 paymasters), balances, fees and receipts through the chain's client, and every transaction
 * sent as a legacy-type one at a known gas price. `createEvmAdapter` loads this module on first use.
 */
export function createWalletActions(config: Config): WalletActions {
  const chainClient = (network: Network) => {
    const client = getClient(config, { chainId: Number(network.id) as ChainId })
    if (!client) throw new KernelError('unsupportedChain')
    return client
  }
  /** The wallet's own RPC: methods the chain's node doesn't know. */
  const walletRequest: WalletRequest = async (method, params) => {
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

  /** EIP-5792 `wallet_getCapabilities` of the connected wallet, as the wallet answered it (nothing when it can't). */
  const capabilities = (address: string) =>
    walletRequest('wallet_getCapabilities', [address]).catch(() => ({}))

  return {
    async discoversAssets(address, network) {
      return supportsAssetDiscovery(readCapabilities(await capabilities(address)), network)
    },
    async listAssets(address, network) {
      const answer = await walletRequest('wallet_getAssets', [
        { account: address, chainFilter: [hexChainId(network)] },
      ])
      return readWalletAssets(answer, network)
    },
    getBatchSupport: (address, network) => getBatchSupport(walletRequest, address, network),
    sendCalls: (batch) => sendCalls(walletRequest, batch),
    getCallsStatus: (id) => getCallsStatus(walletRequest, id),
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
    async prepareTransfer(transfer) {
      const client = chainClient(transfer.network)
      const [gas, gasPrice] = await Promise.all([
        estimateGas(client, { account: transfer.from as Address, ...call(transfer) }),
        getGasPrice(client),
      ])
      const { decimals, symbol } = transfer.network.nativeCurrency
      const plan: TransferPlan = Object.freeze({
        transfer: Object.freeze({ ...transfer }),
        fee: Object.freeze({ value: gas * gasPrice, decimals, symbol }),
      })
      pricingOf.set(plan, { gas, gasPrice })
      return plan
    },
    sendTransfer(plan) {
      const pricing = pricingOf.get(plan)
      if (!pricing) return Promise.reject(new KernelError('unknownTransferPlan'))
      const { transfer } = plan
      return sendTransaction(config, {
        account: transfer.from as Address,
        chainId: Number(transfer.network.id) as ChainId,
        ...call(transfer),
        gas: pricing.gas,
        gasPrice: pricing.gasPrice,
        type: 'legacy',
      })
    },
    sendCall(request) {
      const gas = gasOf(request)
      return sendTransaction(config, {
        account: request.from as Address,
        chainId: Number(request.network.id) as ChainId,
        to: request.to as Address,
        data: request.data as Hex,
        value: request.value,
        ...(gas === undefined ? {} : { gas }),
        type: 'legacy',
      })
    },
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
