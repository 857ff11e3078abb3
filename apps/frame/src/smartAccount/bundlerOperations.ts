// Loaded on the first operation (userOperations.ts): viem's account-abstraction module stays out of the frame's
// first load.
import { BaseError, type Hex, http, type PublicClient, type SignedAuthorization } from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  formatUserOperationRequest,
  type GetPaymasterStubDataParameters,
  getUserOperationHash,
  type PaymasterClient,
  type SmartAccount,
  toSimple7702SmartAccount,
  type UserOperation,
} from 'viem/account-abstraction'
import type { PrivateKeyAccount } from 'viem/accounts'
import { estimateMaxPriorityFeePerGas, getBlock } from 'viem/actions'
import { ProviderError } from '../rpc'
import type { ChainNetwork as Network } from './config'
import { SIMPLE_7702_ACCOUNT, SMART_ACCOUNT_TEXTS, type SmartAccountRoutes } from './config'
import {
  chainClient,
  delegated,
  type OperationCall,
  type PreparedOperation,
  sponsorshipRefusal,
} from './operation'
import { readReceipt } from './receipt'

/**
 * Fees of an operation: twice the base fee plus the node's tip, as it suggests it. Not viem's default, which
 * doubles the tip: on anvil the suggestion follows the last bundle's tip, so that fee doubled with every operation
 * until the paymaster's maxFeePerGasWei refused it (docs/paymaster.md).
 */
async function operationFees(client: PublicClient) {
  const [{ baseFeePerGas }, tip] = await Promise.all([getBlock(client), estimateMaxPriorityFeePerGas(client)])
  return { maxFeePerGas: 2n * (baseFeePerGas ?? 0n) + tip, maxPriorityFeePerGas: tip }
}

/** The most an operation's gas can cost: all five limits at its fee cap. */
export const operationFee = (op: UserOperation<'0.8'>) =>
  (op.callGasLimit +
    op.verificationGasLimit +
    op.preVerificationGas +
    (op.paymasterVerificationGasLimit ?? 0n) +
    (op.paymasterPostOpGasLimit ?? 0n)) *
  op.maxFeePerGas

/** The paymaster's answer was not a grant of the approved operation. */
export class PaymasterAnswerError extends BaseError {
  constructor(what: string) {
    super(`The paymaster's answer ${what}.`, { name: 'PaymasterAnswerError' })
  }
}

/**
 * The paymaster as the estimate may use it: its stub only, taken as final so that no grant is asked for (and
 * counted against the project's caps) before the user approves; `send` asks for the grant.
 */
function stubOnly(paymaster: PaymasterClient) {
  return {
    getPaymasterStubData: async (parameters: GetPaymasterStubDataParameters) => ({
      ...(await paymaster.getPaymasterStubData(parameters)),
      isFinal: true,
    }),
    getPaymasterData: paymaster.getPaymasterData,
  }
}

/**
 * A stand-in EIP-7702 authorization delegating to Simple7702Account: what the bundler estimates with (it checks
 * the chain and nonce, not the signature) and what the user approves. Its signature is all ones and zeros, so it
 * can delegate nothing if it leaks.
 */
const unsignedAuthorization = (chainId: number, nonce: number): SignedAuthorization => ({
  address: SIMPLE_7702_ACCOUNT,
  chainId,
  nonce,
  r: `0x${'f'.repeat(32)}${'0'.repeat(32)}`,
  s: `0x${'7'.repeat(1)}${'a'.repeat(63)}`,
  yParity: 1,
})

/**
 * The bundler's and paymaster's side of the wallet's own address as an ERC-4337 v0.8 account (EIP-7702, delegated to Simple7702Account) through the
 * cloud's bundler and, where the project's policy covers the calls, its paymaster (docs/embedded-wallet.md#account-type).
 */
export function createBundlerOperations({
  routes,
  fetch = globalThis.fetch,
}: {
  routes(chainId: number): SmartAccountRoutes
  fetch?: typeof globalThis.fetch
}) {
  const transport = (url: string) => http(url, { fetchFn: fetch, retryCount: 0 })

  function bundler(client: PublicClient, account: SmartAccount, on: Network, sponsored: boolean) {
    const { bundlerUrl, paymasterUrl } = routes(on.chainId)
    return createBundlerClient({
      account,
      client,
      transport: transport(bundlerUrl),
      ...(sponsored
        ? { paymaster: stubOnly(createPaymasterClient({ transport: transport(paymasterUrl) })) }
        : {}),
      userOperation: { estimateFeesPerGas: () => operationFees(client) },
    })
  }

  const smartAccount = (client: PublicClient, owner: PrivateKeyAccount) =>
    toSimple7702SmartAccount({ client, owner, implementation: SIMPLE_7702_ACCOUNT })

  return {
    /**
     * The operation that makes `calls` (none: it only delegates), estimated by the bundler: sponsored when the
     * paymaster would grant it, else — unless `sponsorship` is 'required' — paid by the account. Nothing is signed
     * here and nothing is granted: a first operation carries a stand-in EIP-7702 authorization (the bundler
     * estimates without its signature), and the paymaster is asked only for its stub. The authorization, the grant
     * and the operation's signature all come in `send`, once the user has approved. A required sponsorship's
     * refusal is thrown in the paymaster's words.
     */
    async prepare(
      owner: PrivateKeyAccount,
      on: Network,
      calls: readonly OperationCall[],
      sponsorship: 'required' | 'preferred',
    ): Promise<PreparedOperation> {
      const client = chainClient(on, fetch)
      const account = await smartAccount(client, owner)
      const authorization = (await delegated(client, owner.address))
        ? undefined
        : unsignedAuthorization(
            on.chainId,
            await client.getTransactionCount({ address: owner.address, blockTag: 'pending' }),
          )
      const build = async (sponsored: boolean): Promise<PreparedOperation> => {
        const userOperation = (await bundler(client, account, on, sponsored).prepareUserOperation({
          account,
          // One sequence (key 0), not viem's key per call: an operation signed but never included is replaced by
          // the next one, never left to run later beside it.
          nonce: await account.getNonce({ key: 0n }),
          calls: calls.map(({ to, value, data }) => ({ to, value, ...(data ? { data } : {}) })),
          ...(authorization ? { authorization } : {}),
        })) as UserOperation<'0.8'>
        // A paymaster answer that names no paymaster sponsors nothing: the account would pay.
        if (sponsored && !userOperation.paymaster) throw new PaymasterAnswerError('names no paymaster')
        return {
          userOperation,
          fee: operationFee(userOperation),
          sponsored,
          ...(authorization ? { delegation: SIMPLE_7702_ACCOUNT } : {}),
        }
      }
      try {
        return await build(true)
      } catch (error) {
        const refusal = sponsorshipRefusal(error)
        if (refusal === undefined || sponsorship === 'required') throw error
        return build(false)
      }
    },

    /**
     * Completes the approved operation and hands it to the bundler: its hash. Only now is the EIP-7702
     * authorization signed (the same delegate, chain and nonce as approved), the paymaster's grant fetched for
     * exactly these calls and gas limits (the grant may not change the paymaster or any limit), and the operation
     * signed.
     */
    async send(
      owner: PrivateKeyAccount,
      on: Network,
      { userOperation: approved }: PreparedOperation,
    ): Promise<Hex> {
      const client = chainClient(on, fetch)
      const account = await smartAccount(client, owner)
      let userOperation = approved
      if (approved.authorization) {
        const { chainId, nonce, address } = approved.authorization
        // A transaction of the key's since the approval spent that nonce: the authorization would be void.
        if ((await client.getTransactionCount({ address: owner.address, blockTag: 'pending' })) !== nonce)
          throw new ProviderError(SMART_ACCOUNT_TEXTS.staleDelegation, -32603)
        const authorization = await owner.signAuthorization({ chainId, nonce, contractAddress: address })
        userOperation = { ...userOperation, authorization }
      }
      if (approved.paymaster) {
        const grant = await createPaymasterClient({
          transport: transport(routes(on.chainId).paymasterUrl),
        }).getPaymasterData({
          ...userOperation,
          chainId: on.chainId,
          entryPointAddress: account.entryPoint.address,
        })
        if (grant.paymaster?.toLowerCase() !== approved.paymaster.toLowerCase())
          throw new PaymasterAnswerError(`names another paymaster (${grant.paymaster})`)
        userOperation = { ...userOperation, paymasterData: grant.paymasterData }
      }
      const signature = await account.signUserOperation(userOperation)
      const signed = { ...userOperation, signature }
      const answered = await bundler(client, account, on, false).request({
        method: 'eth_sendUserOperation',
        params: [formatUserOperationRequest(signed), account.entryPoint.address],
      })
      // The operation's hash is ours to know: a bundler that names another one is not followed.
      const hash = getUserOperationHash({
        userOperation: signed,
        entryPointAddress: account.entryPoint.address,
        entryPointVersion: '0.8',
        chainId: on.chainId,
      })
      if (answered.toLowerCase() !== hash.toLowerCase())
        throw new ProviderError(SMART_ACCOUNT_TEXTS.otherHash, -32603)
      return hash
    },

    /** The operation's receipt, or null while it is pending. */
    receipt: async (hash: Hex, on: Network) =>
      readReceipt(
        hash,
        await createBundlerClient({ transport: transport(routes(on.chainId).bundlerUrl) }).request({
          method: 'eth_getUserOperationReceipt',
          params: [hash],
        }),
      ),
  }
}

export type BundlerOperations = ReturnType<typeof createBundlerOperations>
