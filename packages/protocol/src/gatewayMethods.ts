/**
 * The only JSON-RPC methods the gateway passes to a node (apps/cloud/README.md#routes: reads and broadcasting a transaction the
 * wallet signed itself), and so the embedded wallet's frame, whose reads go through the gateway. An allowlist, because a denylist can never be complete: nodes answer methods under
 * any name (anvil's `eth_sendUnsignedTransaction` spends an unlocked account's funds). Documented in the
 * cloud's README; keep the two in step.
 */
export const GATEWAY_METHODS: ReadonlySet<string> = new Set([
  'eth_blobBaseFee',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_createAccessList',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_sendRawTransaction',
  'eth_syncing',
  'net_listening',
  'net_version',
  'web3_clientVersion',
])
