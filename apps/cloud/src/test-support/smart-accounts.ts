import {
  type AltoInstance,
  type AnvilInstance,
  type Deployment,
  deployAll,
  startAlto,
  startAnvil,
} from '@allaccess/chain'
import { allAccessPassAbi, simple7702AccountAbi } from '@allaccess/chain/deployments'
import { anvilChain, fundAccount } from '@allaccess/chain/devnet'
import {
  type Address,
  type Chain,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
  parseEther,
  parseGwei,
  type SignAuthorizationReturnType,
  type Transport,
} from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  createPaymasterClient,
  type ToSimple7702SmartAccountReturnType,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import type { SponsorshipPolicy } from '../paymaster/index.js'
import { PAYMASTER_PATH } from '../paymaster/routes.js'
import { DEFAULT_FEATURES, LOCAL_PROJECT } from '../projects/index.js'
import { startTestCloud, type TestCloud } from './cloud.js'
import { RpcProxy } from './rpc-proxy.js'

/** Anvil with the contracts, Alto on it and a cloud whose gateway and bundler are those two. */
export type SmartAccountStack = {
  anvil: AnvilInstance
  alto: AltoInstance
  cloud: TestCloud
  deployment: Deployment
  /** Between the cloud and anvil, when asked for (Alto reads anvil directly). */
  proxy?: RpcProxy
  close(): Promise<void>
}

export async function startSmartAccountStack({
  proxied = false,
  env = {},
}: {
  proxied?: boolean
  env?: Record<string, string>
} = {}): Promise<SmartAccountStack> {
  const anvil = await startAnvil({ port: 0 })
  try {
    const deployment = await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
    const proxy = proxied ? await RpcProxy.start(anvil.rpcUrl) : undefined
    const alto = await startAlto({ rpcUrl: anvil.rpcUrl })
    const cloud = await startTestCloud({
      RPC_UPSTREAM_31337: proxy?.url ?? anvil.rpcUrl,
      BUNDLER_UPSTREAM_31337: alto.bundlerUrl,
      ...env,
    }).catch(async (error) => {
      await alto.stop()
      await proxy?.close()
      throw error
    })
    return {
      anvil,
      alto,
      cloud,
      deployment,
      ...(proxy ? { proxy } : {}),
      close: async () => {
        await cloud.close()
        await alto.stop()
        await proxy?.close()
        await anvil.stop()
      },
    }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}

export const query = (projectId: string) => `chainId=eip155:31337&projectId=${projectId}`

/** A JSON-RPC call to one of the cloud's RPC routes; the answer's body. */
export async function rpc(
  cloud: TestCloud,
  path: string,
  projectId: string,
  method: string,
  params: unknown,
) {
  const response = await cloud.post(`${path}?${query(projectId)}`, { jsonrpc: '2.0', id: 1, method, params })
  if (response.status !== 200)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as {
    result?: Record<string, string>
    error?: { code: number; message: string; data?: { rule?: string } }
  }
}

/** Adds a project (admin API) with `policy`, for a test that counts its own grants. */
export async function projectWithPolicy(
  cloud: TestCloud,
  id: string,
  policy: SponsorshipPolicy,
): Promise<void> {
  const headers = { authorization: `Bearer ${cloud.adminToken}` }
  const created = await cloud.post(
    '/admin/v1/projects',
    { id, name: `Site ${id}`, allowedOrigins: [], analyticsEnabled: false, features: DEFAULT_FEATURES },
    { headers },
  )
  if (created.status !== 201) throw new Error(`project ${id}: ${created.status}`)
  const set = await cloud.post(`/admin/v1/projects/${id}/sponsorship`, policy, { method: 'PUT', headers })
  if (set.status !== 200) throw new Error(`policy of ${id}: ${set.status} ${await set.text()}`)
}

/** The account's execute(target, value, data). */
export const execute = (target: Address, value: bigint, data: Hex) =>
  encodeFunctionData({ abi: simple7702AccountAbi, functionName: 'execute', args: [target, value, data] })
export const MINT = encodeFunctionData({ abi: allAccessPassAbi, functionName: 'mint' })

/**
 * A complete v0.8 operation in RPC form from a fresh account that delegates to Simple7702Account in it (its
 * `eip7702Auth`, signed by the account's key). Its gas: 600k at 2 gwei.
 */
export async function rpcOperation(
  deployment: Deployment,
  callData: Hex,
  overrides: Record<string, unknown> = {},
) {
  const owner = privateKeyToAccount(generatePrivateKey())
  const authorization = await owner.signAuthorization({
    chainId: 31337,
    nonce: 0,
    contractAddress: deployment.addresses.simple7702Account,
  })
  return {
    sender: owner.address,
    nonce: '0x0',
    factory: '0x7702',
    factoryData: '0x',
    callData,
    callGasLimit: numberToHex(300_000),
    verificationGasLimit: numberToHex(150_000),
    preVerificationGas: numberToHex(70_000),
    maxFeePerGas: numberToHex(parseGwei('2')),
    maxPriorityFeePerGas: numberToHex(parseGwei('1')),
    paymasterVerificationGasLimit: numberToHex(80_000),
    paymasterPostOpGasLimit: '0x0',
    eip7702Auth: {
      address: authorization.address,
      chainId: numberToHex(authorization.chainId),
      nonce: numberToHex(authorization.nonce),
      r: authorization.r,
      s: authorization.s,
      yParity: numberToHex(authorization.yParity ?? 0),
    },
    ...overrides,
  }
}

/**
 * A site's fresh user holding exactly the pass's price: its EIP-7702 Simple7702Account, a bundler client over the
 * local project's bundler and paymaster routes, and the authorization that delegates the account.
 */
/** What sponsoredUser gives, spelled out: a declaration can't name viem's inferred client types. */
export type SponsoredUser = {
  client: PublicClient<Transport, Chain>
  owner: PrivateKeyAccount
  account: ToSimple7702SmartAccountReturnType
  bundler: BundlerClient<Transport, Chain | undefined, ToSimple7702SmartAccountReturnType>
  authorization: SignAuthorizationReturnType
}

export async function sponsoredUser({ cloud, deployment, anvil }: SmartAccountStack): Promise<SponsoredUser> {
  const client = createPublicClient({
    chain: anvilChain(anvil.rpcUrl),
    transport: http(),
    pollingInterval: 100,
  })
  const owner = privateKeyToAccount(generatePrivateKey())
  await fundAccount(anvil.rpcUrl, owner.address, parseEther('0.01'))
  const account = await toSimple7702SmartAccount({ client, owner })
  const bundler = createBundlerClient({
    account,
    client,
    transport: http(`${cloud.url}/v1/bundler?${query(LOCAL_PROJECT.id)}`),
    paymaster: createPaymasterClient({
      transport: http(`${cloud.url}${PAYMASTER_PATH}?${query(LOCAL_PROJECT.id)}`),
    }),
  })
  const authorization = await owner.signAuthorization({
    chainId: 31337,
    nonce: await client.getTransactionCount({ address: owner.address }),
    contractAddress: deployment.addresses.simple7702Account,
  })
  return { client, owner, account, bundler, authorization }
}
