import { PROVIDER_ERROR_CODES } from '@allaccess/frame-protocol'
import {
  createWalletClient,
  defineChain,
  type Hex,
  http,
  numberToHex,
  publicActions,
  type TypedDataDefinition,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { createCallBatches } from './callBatches'
import { feeCap, type Priced, priceCalls } from './fees'
import { networkRpc } from './networkRpc'
import {
  type Grant,
  type GrantRequest,
  grantAnswer,
  grantParams,
  PERMISSION_CAPABILITY,
  type PermissionStore,
  readGrantRequest,
  revokeParams,
} from './permissions'
import {
  type ApprovalMethod,
  type ApprovalParams,
  approvalParams,
  invalidParams,
  isApprovalMethod,
  LOCAL_METHODS,
  notAllowed,
  otherAccount,
  ProviderError,
  rejected,
  SAFE_METHODS,
} from './rpc'
import type { SmartApproval } from './smartAccount/approval'
import { SMART_ACCOUNT_TEXTS } from './smartAccount/config'
import type { SmartCalls } from './smartAccount/smartCalls'
import type { PreparedOperation } from './smartAccount/userOperations'
import type { SolanaApproval } from './solana/handler'
import { readTypedData, type TypedData } from './typedData'

export type Network = { chainId: number; rpcUrl: string }
/**
 * A signature or a transaction the user is asked to approve, parsed; a send with the most its network fee can be
 * (undefined when a call could not be priced before it is sent); a batch of the smart account with its operation.
 */
type SigningRequest = {
  [M in ApprovalMethod]: {
    method: M
    params: ApprovalParams<M>
    chainId: number
    fee?: bigint
    operation?: PreparedOperation
    /** The wallet's own address: the screen names calls to it (they run the account's own code). */
    account?: string
  }
}[ApprovalMethod]
/** What the user is asked to approve: a signing request, or a permission to grant or revoke as it is enforced. */
export type ApprovalRequest =
  | SigningRequest
  | { method: 'wallet_grantPermissions'; grant: GrantRequest; chainId: number }
  | { method: 'wallet_revokePermissions'; grant: Grant; chainId: number }
  | SolanaApproval
  | SmartApproval

type Dependencies = {
  /** The signed-in wallet's account; rejects when no one is signed in. */
  account(): Promise<PrivateKeyAccount>
  /** Whether someone is signed in, without unlocking anything. */
  signedIn(): Promise<boolean>
  network(): Network
  /** Shows the request in the frame; true when the user approves it. */
  approve(request: ApprovalRequest): Promise<boolean>
  /** A method outside the list was asked for: the user is told 'Action not allowed' (docs/embedded-wallet.md#rpc). */
  refused(method: string): void
  /** The permissions the user granted to sites (ERC-7715), and the host's origin the frame serves. */
  permissions: PermissionStore
  site: string
  /** The smart account's batches (EIP-7702 + ERC-4337), where the account acts as one. */
  smartCalls?: SmartCalls
  /** Unix time in seconds. */
  now?: () => number
  fetch?: typeof globalThis.fetch
}

/**
 * One EIP-1193 request inside the frame: the allowlist decides, reads go to the network's RPC, and each not-safe
 * method is executed only after the user approved it in the frame (docs/embedded-wallet.md#signing).
 */
export function createRpcHandler({
  account,
  signedIn,
  network,
  approve,
  refused,
  permissions,
  site,
  smartCalls,
  now = () => Math.floor(Date.now() / 1000),
  fetch = globalThis.fetch,
}: Dependencies) {
  const call = networkRpc(fetch)
  const forward = (method: string, params: unknown, network: Network) => call(network, method, params)
  const batches = createCallBatches(forward)

  function walletClient(signer: PrivateKeyAccount, { chainId, rpcUrl }: Network) {
    const chain = defineChain({
      id: chainId,
      name: `Chain ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    })
    return createWalletClient({
      account: signer,
      chain,
      transport: http(rpcUrl, { fetchFn: fetch }),
    }).extend(publicActions)
  }

  /** A send's calls as they will go out, or undefined for a signature or a call that can't be priced now. */
  async function priced(request: SigningRequest, signer: PrivateKeyAccount, on: Network) {
    const calls =
      request.method === 'eth_sendTransaction'
        ? request.params
        : request.method === 'wallet_sendCalls'
          ? request.params[0].calls
          : undefined
    if (!calls) return undefined
    return priceCalls(walletClient(signer, on), signer.address, calls).catch(() => undefined)
  }

  async function local(method: string, params: unknown, on: Network): Promise<unknown> {
    switch (method) {
      case 'eth_chainId':
        return numberToHex(on.chainId)
      case 'eth_accounts':
        return (await signedIn()) ? [(await account()).address] : []
      case 'eth_requestAccounts':
        if (!(await signedIn()))
          throw new ProviderError('Not connected to email or social', PROVIDER_ERROR_CODES.unauthorized)
        return [(await account()).address]
      case 'wallet_getCapabilities': {
        const address = (await signedIn()) ? (await account()).address : undefined
        const smart = smartCalls ? await smartCalls.capabilities(address, on) : {}
        return { [numberToHex(on.chainId)]: { permissions: PERMISSION_CAPABILITY, ...smart } }
      }
      default: {
        const id = Array.isArray(params) ? params[0] : undefined
        const smart = typeof id === 'string' ? await smartCalls?.status(id) : undefined
        if (smart) return smart
        const sent = typeof id === 'string' ? await batches.status(id, on) : undefined
        if (!sent) throw new ProviderError('Unknown bundle id', 5730)
        return sent
      }
    }
  }

  /** The gas limit and fee caps a call was priced with: sent with exactly these, so it costs no more. */
  const pricedAs = (price: Priced | undefined) =>
    price
      ? {
          gas: price.gas,
          maxFeePerGas: price.maxFeePerGas,
          maxPriorityFeePerGas: price.maxPriorityFeePerGas,
        }
      : {}

  async function execute(
    request: SigningRequest,
    signer: PrivateKeyAccount,
    on: Network,
    prices: Priced[] | undefined,
  ): Promise<unknown> {
    switch (request.method) {
      case 'personal_sign':
        return signer.signMessage({ message: { raw: request.params[0] as Hex } })
      case 'eth_signTypedData_v4': {
        const data = request.params[1] as TypedData
        const { EIP712Domain: _domainType, ...types } = data.types
        return signer.signTypedData({ ...data, types } as TypedDataDefinition)
      }
      case 'eth_sendTransaction': {
        const [{ to, value, data, gas }] = request.params
        return walletClient(signer, on).sendTransaction({
          to: (to ?? null) as Hex | null,
          ...(value ? { value: BigInt(value) } : {}),
          ...(data ? { data: data as Hex } : {}),
          ...(gas ? { gas: BigInt(gas) } : {}),
          ...pricedAs(prices?.[0]),
        })
      }
      case 'wallet_sendCalls': {
        const client = walletClient(signer, on)
        const hashes: Hex[] = []
        for (const [index, call] of request.params[0].calls.entries())
          hashes.push(
            await client.sendTransaction({
              to: call.to as Hex,
              ...(call.value ? { value: BigInt(call.value) } : {}),
              ...(call.data ? { data: call.data as Hex } : {}),
              ...pricedAs(prices?.[index]),
            }),
          )
        return { id: batches.keep(request.chainId, hashes) }
      }
    }
  }

  /** The `from` a request names must be this wallet: it signs for no one else. */
  function signerNamed(request: SigningRequest): string | undefined {
    switch (request.method) {
      case 'personal_sign':
        return request.params[1]
      case 'eth_signTypedData_v4':
        return request.params[0]
      case 'eth_sendTransaction':
        return request.params[0].from
      case 'wallet_sendCalls':
        return request.params[0].from
    }
  }

  return async function handle(
    {
      method,
      params,
      chainId,
    }: {
      method: string
      params?: unknown
      chainId: number
    },
    /** The request's own network (frame protocol v2, checked by requestNetwork); else the frame's current one. */
    requestOn?: Network,
  ): Promise<unknown> {
    // The network as the request found it: a switch while the user decides can't send it to another chain.
    const on = requestOn ?? network()
    if (chainId !== on.chainId) throw new ProviderError(`The wallet is not on chain ${chainId}`, 4901)
    if (LOCAL_METHODS.has(method)) return local(method, params, on)
    if (SAFE_METHODS.has(method)) return forward(method, params, on)
    if (method === 'wallet_grantPermissions' || method === 'wallet_revokePermissions')
      return permissionRequest(method, params, chainId)
    // Approved as the batch of calls it makes (smartAccount/userOperationRequest.ts).
    if (method === 'eth_sendUserOperation' && smartCalls)
      return smartCalls.sendUserOperation(params, await account(), on, (batch, operation) =>
        approve({
          method: 'wallet_sendCalls',
          params: [batch],
          chainId,
          fee: operation.fee,
          operation,
          account: batch.from,
        }),
      )
    if (!isApprovalMethod(method)) {
      refused(method)
      throw notAllowed()
    }
    const parsed = approvalParams[method].safeParse(params)
    if (!parsed.success) throw invalidParams(parsed.error.issues[0]?.message ?? 'malformed')
    // Typed data is read once, here: what the screen shows is what is signed.
    const read =
      method === 'eth_signTypedData_v4'
        ? [parsed.data[0], readTypedData(parsed.data[1] as string | Record<string, unknown>, chainId)]
        : parsed.data
    const request = { method, params: read, chainId } as SigningRequest
    // A batch that names its own chain is sent on that chain only: never on the request's network if it is another.
    const batchChain = request.method === 'wallet_sendCalls' ? request.params[0].chainId : undefined
    if (batchChain !== undefined && BigInt(batchChain) !== BigInt(chainId))
      throw invalidParams(`the calls are for chain ${BigInt(batchChain)}, not this network (${chainId})`)
    const signer = await account()
    const named = signerNamed(request)
    if (named && named.toLowerCase() !== signer.address.toLowerCase()) throw otherAccount()
    // The smart account sends a batch as one operation (unless a granted permission pays for it, as below).
    const batch = request.method === 'wallet_sendCalls' ? request.params[0] : undefined
    const context = batch?.capabilities?.permissions?.context
    if (batch && context === undefined && smartCalls && (await smartCalls.active(signer.address, on)))
      return smartCalls.send(batch, signer, on, (operation) =>
        approve({ ...request, fee: operation.fee, operation, account: signer.address }),
      )
    if (batch?.atomicRequired) throw new ProviderError(SMART_ACCOUNT_TEXTS.notAtomic, 5760)
    const prices = await priced(request, signer, on)
    // A batch a granted permission covers is paid from it (value and fees, as priced) and sent unasked; any other,
    // or one that could not be priced, is the user's to approve.
    const covered =
      context !== undefined &&
      prices !== undefined &&
      (await permissions.spend(context, signer.address, site, chainId, prices))
    const shown = { ...request, ...(prices ? { fee: feeCap(prices) } : {}), account: signer.address }
    if (!covered && !(await approve(shown))) throw rejected()
    return execute(request, signer, on, prices)
  }

  async function permissionRequest(
    method: 'wallet_grantPermissions' | 'wallet_revokePermissions',
    params: unknown,
    chainId: number,
  ): Promise<unknown> {
    const signer = await account()
    if (method === 'wallet_grantPermissions') {
      const parsed = grantParams.safeParse(params)
      if (!parsed.success) throw invalidParams(parsed.error.issues[0]?.message ?? 'malformed')
      const grant = readGrantRequest(parsed.data, { address: signer.address, site, chainId, now: now() })
      if (!(await approve({ method, grant, chainId }))) throw rejected()
      return grantAnswer(await permissions.add(grant))
    }
    const parsed = revokeParams.safeParse(params)
    if (!parsed.success) throw invalidParams(parsed.error.issues[0]?.message ?? 'malformed')
    const grant = await permissions.find(parsed.data[0].permissionsContext, signer.address, site)
    if (!grant) throw invalidParams('unknown or expired permissions context')
    if (!(await approve({ method, grant, chainId }))) throw rejected()
    await permissions.revoke(grant.context)
    return null
  }
}
