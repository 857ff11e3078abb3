import { type Address, decodeFunctionData, type Hex, isAddressEqual, parseAbi } from 'viem'
import { entryPoint08Address } from 'viem/account-abstraction'
import * as z from 'zod/mini'
import { address, invalidParams, quantity } from '../rpc'

/** The two functions of Simple7702Account a UserOperation's callData may call: the calls the user approves. */
const ACCOUNT_ABI = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
])
/** As many calls as a wallet_sendCalls batch may hold (rpc.ts). */
const MAX_CALLS = 16
const CALL_DATA_MAX_LENGTH = 2 * 128 * 1024

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, 'must be 0x-prefixed hex'))
/**
 * `eth_sendUserOperation`'s params (ERC-4337: the operation in its RPC form, and the EntryPoint). Only what the
 * wallet acts on is read — the sender and the calls; the site's nonce, gas, fees, paymaster and factory are not
 * taken (the frame prepares its own operation, as for wallet_sendCalls), so they are not checked beyond their form.
 */
const paramsSchema = z.tuple([
  z.object({
    sender: address,
    callData: hex.check(z.maxLength(CALL_DATA_MAX_LENGTH)),
    nonce: z.optional(quantity),
  }),
  address,
])

export type OperationCallsRequest = {
  sender: Address
  calls: { to: Address; value: Hex; data: Hex }[]
}

/**
 * The calls an `eth_sendUserOperation` asks the smart account to make, read from its callData
 * (docs/embedded-wallet.md#account-type); refused when the EntryPoint is not v0.8's or the callData is not
 * Simple7702Account's `execute` or `executeBatch`, since the approval could not show what it does.
 */
export function readUserOperationRequest(params: unknown): OperationCallsRequest {
  const parsed = paramsSchema.safeParse(params)
  if (!parsed.success) throw invalidParams(parsed.error.issues[0]?.message ?? 'malformed')
  const [{ sender, callData }, entryPoint] = parsed.data
  if (!isAddressEqual(entryPoint as Address, entryPoint08Address))
    throw invalidParams(`the wallet sends operations to EntryPoint v0.8 (${entryPoint08Address}) only`)
  let decoded: ReturnType<typeof decodeFunctionData<typeof ACCOUNT_ABI>>
  try {
    decoded = decodeFunctionData({ abi: ACCOUNT_ABI, data: callData as Hex })
  } catch {
    throw invalidParams("the operation's callData is not the smart account's execute or executeBatch")
  }
  const calls =
    decoded.functionName === 'execute'
      ? [{ target: decoded.args[0], value: decoded.args[1], data: decoded.args[2] }]
      : decoded.args[0]
  if (calls.length === 0 || calls.length > MAX_CALLS)
    throw invalidParams(`the operation must make 1 to ${MAX_CALLS} calls, not ${calls.length}`)
  return {
    sender: sender as Address,
    calls: calls.map(({ target, value, data }) => ({ to: target, value: `0x${value.toString(16)}`, data })),
  }
}
