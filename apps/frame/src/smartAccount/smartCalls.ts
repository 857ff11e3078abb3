import { PROVIDER_ERROR_CODES } from '@allaccess/frame-protocol'
import { operationCallsStatus } from '@allaccess/protocol'
import { type Address, bytesToHex, type Hex, isAddressEqual, numberToHex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { type ApprovalParams, otherAccount, ProviderError, rejected } from '../rpc'
import type { AccountTypes } from './accountType'
import type { ChainNetwork as Network } from './config'
import { SMART_ACCOUNT_TEXTS, type SmartAccountRoutes } from './config'
import { type PreparedOperation, sponsorshipRefusal } from './operation'
import { readUserOperationRequest } from './userOperationRequest'
import type { UserOperations } from './userOperations'

type Batch = ApprovalParams<'wallet_sendCalls'>[0]

/** EIP-5792's code for a capability the wallet won't honour; and the paymaster's refusal (EIP-1474). */
const UNSUPPORTED_CAPABILITY = 5700
const SPONSORSHIP_REFUSED = -32003
/** How many sent batches the frame remembers for wallet_getCallsStatus. */
const BATCHES_KEPT = 100

/** The same ERC-7677 service: this cloud's paymaster route for this project and chain. */
function samePaymaster(asked: string, ours: string): boolean {
  if (!URL.canParse(asked)) return false
  const [a, b] = [new URL(asked), new URL(ours)]
  const params = (url: URL) => ['chainId', 'projectId'].map((name) => url.searchParams.get(name))
  return a.origin === b.origin && a.pathname === b.pathname && params(a).join() === params(b).join()
}

/** The paymaster's refusal as the site is answered it (EIP-1474's -32003, in its words); any other error as it is. */
function inPaymastersWords(error: unknown): never {
  const refusal = sponsorshipRefusal(error)
  throw refusal === undefined ? error : new ProviderError(refusal, SPONSORSHIP_REFUSED)
}

/**
 * `wallet_sendCalls` from the smart account (docs/embedded-wallet.md#account-type): the whole batch as one
 * UserOperation, atomic. Its gas is the project's paymaster's when the policy covers the calls; a site that asked
 * for that (`paymasterService`, this cloud's route only) gets the paymaster's refusal in its words, any other is
 * paid by the account. The operation is prepared before the user is asked, so the screen shows the fee and who
 * pays it, and what is approved is what is signed.
 */
export function createSmartCalls({
  types,
  operations,
  routes,
}: {
  types: AccountTypes
  operations: UserOperations
  routes(chainId: number): SmartAccountRoutes
}) {
  const sent = new Map<string, { on: Network; hash: Hex }>()

  /** The batch as one operation: prepared, approved, then completed and sent; the operation's hash. */
  async function operate(
    batch: Batch,
    signer: PrivateKeyAccount,
    on: Network,
    approve: (operation: PreparedOperation) => Promise<boolean>,
  ): Promise<Hex> {
    const asked = batch.capabilities?.paymasterService
    if (asked && !samePaymaster(asked.url, routes(on.chainId).paymasterUrl))
      throw new ProviderError(SMART_ACCOUNT_TEXTS.otherPaymaster, UNSUPPORTED_CAPABILITY)
    const calls = batch.calls.map(({ to, value, data }) => ({
      to: to as Address,
      value: BigInt(value ?? 0),
      ...(data ? { data: data as Hex } : {}),
    }))
    const prepared = await operations
      .prepare(signer, on, calls, asked ? 'required' : 'preferred')
      .catch(inPaymastersWords)
    if (!(await approve(prepared))) throw rejected()
    // The grant is asked for only now: the policy can still refuse it (a cap reached meanwhile).
    return operations.send(signer, on, prepared).catch(inPaymastersWords)
  }

  return {
    /** Whether `address` sends batches on `on` as its smart account. */
    active: async (address: Address, on: Network) =>
      (await types.preferred(address, on.chainId)) === 'smartAccount',

    /** EIP-5792 and ERC-7677 capabilities of the account on `on`, as it will act on them. */
    async capabilities(address: Address | undefined, on: Network) {
      if (!address || (await types.preferred(address, on.chainId)) !== 'smartAccount')
        return { atomic: { status: 'unsupported' } }
      const deployed = await operations.deployed(address, on).catch(() => false)
      // 'ready': the first batch delegates the address (EIP-7702) as it goes.
      return { atomic: { status: deployed ? 'supported' : 'ready' }, paymasterService: { supported: true } }
    },

    async send(
      batch: Batch,
      signer: PrivateKeyAccount,
      on: Network,
      approve: (operation: PreparedOperation) => Promise<boolean>,
    ): Promise<{ id: Hex }> {
      const hash = await operate(batch, signer, on, approve)
      const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
      sent.set(id, { on, hash })
      if (sent.size > BATCHES_KEPT) sent.delete(sent.keys().next().value as string)
      return { id }
    },

    /**
     * `eth_sendUserOperation`: the operation's calls, approved as the batch they are and sent as the wallet's own
     * operation (its nonce, gas and fee, the project's paymaster where the policy covers them); its hash.
     */
    async sendUserOperation(
      params: unknown,
      signer: PrivateKeyAccount,
      on: Network,
      approve: (batch: Batch, operation: PreparedOperation) => Promise<boolean>,
    ): Promise<Hex> {
      const { sender, calls } = readUserOperationRequest(params)
      if (!isAddressEqual(sender, signer.address)) throw otherAccount()
      if ((await types.preferred(signer.address, on.chainId)) !== 'smartAccount')
        throw new ProviderError(SMART_ACCOUNT_TEXTS.notSmartAccount, PROVIDER_ERROR_CODES.unsupportedMethod)
      const batch: Batch = { from: sender, atomicRequired: true, calls }
      return operate(batch, signer, on, (operation) => approve(batch, operation))
    },

    /** wallet_getCallsStatus of a batch sent here; undefined for an id this module never gave. */
    async status(id: string) {
      const batch = sent.get(id)
      if (!batch) return undefined
      return operationCallsStatus(
        id,
        numberToHex(batch.on.chainId),
        await operations.receipt(batch.hash, batch.on),
      )
    },
  }
}

export type SmartCalls = ReturnType<typeof createSmartCalls>
