import { createWalletClient, defineChain, http } from 'viem'
import { objectParam, parseAddress, parseHex, parseQuantity } from '../params'
import { authorizedAccount, currentChain, currentRpcUrl } from '../state'
import type { MethodHandler } from './context'

function optional<T>(
  value: unknown,
  field: string,
  parse: (value: unknown, field: string) => T,
): T | undefined {
  return value === undefined || value === null ? undefined : parse(value, field)
}

/** An `eth_sendTransaction` object (hex quantities) as viem wants it; viem fills what is missing. */
function parseTransaction(fields: Record<string, unknown>) {
  const base = {
    to: optional(fields.to, 'to', parseAddress),
    data: optional(fields.data ?? fields.input, 'data', parseHex),
    value: optional(fields.value, 'value', parseQuantity),
    gas: optional(fields.gas, 'gas', parseQuantity),
    nonce: optional(fields.nonce, 'nonce', (value, field) => Number(parseQuantity(value, field))),
  }
  const gasPrice = optional(fields.gasPrice, 'gasPrice', parseQuantity)
  if (gasPrice !== undefined) return { ...base, gasPrice }
  return {
    ...base,
    maxFeePerGas: optional(fields.maxFeePerGas, 'maxFeePerGas', parseQuantity),
    maxPriorityFeePerGas: optional(fields.maxPriorityFeePerGas, 'maxPriorityFeePerGas', parseQuantity),
  }
}

/** Signs locally with the account's key and sends the raw transaction to the current chain's RPC. */
export const ethSendTransaction: MethodHandler = async ({ state, request, askUser }) => {
  const fields = objectParam(request.params)
  const account = authorizedAccount(state, optional(fields.from, 'from', parseAddress))
  const rpcUrl = currentRpcUrl(state)
  const transaction = parseTransaction(fields)
  await askUser()
  const { id, name = `Chain ${id}` } = currentChain(state)
  const chain = defineChain({
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const client = createWalletClient({ account, chain, transport: http(rpcUrl, { retryCount: 0 }) })
  return client.sendTransaction(transaction)
}
