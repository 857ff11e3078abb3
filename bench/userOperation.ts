/**
 * Sponsored UserOperation benchmark on the devnet (loopback only): anvil with the contracts, Alto, and a cloud whose
 * /v1/bundler and /v1/paymaster are in front of them. Each of BENCH_OPS (20) fresh EOAs holding exactly the pass's
 * price delegates to Simple7702Account (EIP-7702) and mints the pass in one sponsored operation, one after the other:
 * - prepare: viem's prepareUserOperation (nonce, paymaster stub, Alto's gas estimate, the paymaster's grant) + sign;
 * - send → receipt: eth_sendUserOperation until eth_getUserOperationReceipt answers (polled every 50 ms).
 * Median, p90 and max of each, in ms. Run: `npm run bench:userop`.
 */
import { deployAll, startAlto, startAnvil } from '@allaccess/chain'
import { allAccessPassAbi } from '@allaccess/chain/deployments'
import { anvilChain, devnetUserOperationFees, fundAccount } from '@allaccess/chain/devnet'
import { newKek, startCloud } from '@allaccess/cloud'
import { createPublicClient, encodeFunctionData, http } from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint08Address,
  formatUserOperationRequest,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

const OPS = Number(process.env.BENCH_OPS ?? 20)
const QUERY = 'chainId=eip155:31337&projectId=allaccess-local'

const anvil = await startAnvil({ port: 0 })
const deployment = await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
const alto = await startAlto({ rpcUrl: anvil.rpcUrl, port: 0 })
const cloud = await startCloud({
  port: 0,
  host: '127.0.0.1',
  dataDir: 'memory://',
  env: {
    LOG_LEVEL: 'silent',
    INDEXER: '0',
    EMBEDDED_KEK: newKek(),
    RPC_UPSTREAM_31337: anvil.rpcUrl,
    BUNDLER_UPSTREAM_31337: alto.bundlerUrl,
  },
})
const client = createPublicClient({ chain: anvilChain(anvil.rpcUrl), transport: http(), pollingInterval: 50 })
const mint = encodeFunctionData({ abi: allAccessPassAbi, functionName: 'mint' })
const price = deployment.passConfig.priceWei

const prepare: number[] = []
const included: number[] = []
try {
  for (let i = 0; i < OPS; i++) {
    const owner = privateKeyToAccount(generatePrivateKey())
    await fundAccount(anvil.rpcUrl, owner.address, price)
    const account = await toSimple7702SmartAccount({ client, owner })
    const bundler = createBundlerClient({
      account,
      client,
      transport: http(`${cloud.url}/v1/bundler?${QUERY}`),
      paymaster: createPaymasterClient({ transport: http(`${cloud.url}/v1/paymaster?${QUERY}`) }),
      userOperation: { estimateFeesPerGas: () => devnetUserOperationFees(client) },
    })
    const authorization = await owner.signAuthorization({
      chainId: 31337,
      nonce: 0,
      contractAddress: deployment.addresses.simple7702Account,
    })
    const started = performance.now()
    const op = await bundler.prepareUserOperation({
      calls: [{ to: deployment.addresses.allAccessPass, value: price, data: mint }],
      authorization,
    })
    const signature = await account.signUserOperation(op)
    const sent = performance.now()
    const hash = await bundler.request({
      method: 'eth_sendUserOperation',
      params: [formatUserOperationRequest({ ...op, signature }), entryPoint08Address],
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 50 })
    const done = performance.now()
    if (!receipt.success) throw new Error(`operation ${hash} failed`)
    if ((await client.getBalance({ address: owner.address })) !== 0n) throw new Error('the user paid gas')
    prepare.push(sent - started)
    included.push(done - sent)
  }
} finally {
  await cloud.close()
  await alto.stop()
  await anvil.stop()
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}
const row = (name: string, values: number[]) =>
  `${name.padEnd(22)} median ${quantile(values, 0.5).toFixed(0)} ms  p90 ${quantile(values, 0.9).toFixed(0)} ms  max ${Math.max(...values).toFixed(0)} ms`
console.log(`${OPS} sponsored 7702 mints through the cloud (Alto ${alto.bundlerUrl}, anvil automine)`)
console.log(row('prepare + sign', prepare))
console.log(row('send → receipt', included))
console.log(
  row(
    'total',
    prepare.map((p, i) => p + (included[i] ?? 0)),
  ),
)
