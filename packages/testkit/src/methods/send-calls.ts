import { randomUUID } from 'node:crypto'
import { type OperationReceipt, operationCallsStatus } from '@allaccess/protocol'
import { isHex, numberToHex } from 'viem'
import { formatUserOperationRequest, type UserOperation } from 'viem/account-abstraction'
import {
  atomicityUnsupported,
  duplicateCallsId,
  invalidParams,
  unknownCallsId,
  unsupportedCapability,
  unsupportedChainId,
} from '../errors'
import { objectParam, parseAddress, parseChainId, parseHex, parseQuantity, positionalParams } from '../params'
import { authorizedAccount, currentChain } from '../state'
import type { MethodHandler } from './context'
import {
  bundlerFor,
  chainClient,
  isDelegated,
  isSmartChain,
  signDelegation,
  smartAccount,
} from './smart-account'

/** The EIP-5792 version this wallet speaks. */
export const SEND_CALLS_VERSION = '2.0.0'
/** The capabilities this wallet acts on; a site's other non-optional ones are refused (5700). */
const KNOWN_CAPABILITIES = new Set(['paymasterService'])

type Capabilities = Record<string, unknown>

const capabilitiesOf = (value: unknown, field: string): Capabilities => {
  if (value === undefined) return {}
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalidParams(`${field} must be an object.`)
  return value as Capabilities
}

/** Refuses a capability the wallet can't honour unless the site marked it `optional`. */
function checkCapabilities(capabilities: Capabilities) {
  for (const [name, value] of Object.entries(capabilities)) {
    const optional = typeof value === 'object' && value !== null && (value as { optional?: unknown }).optional
    if (!KNOWN_CAPABILITIES.has(name) && optional !== true) throw unsupportedCapability(name)
  }
}

function paymasterServiceOf(capabilities: Capabilities) {
  const service = capabilities.paymasterService
  if (service === undefined) return undefined
  const { url, context } = service as { url?: unknown; context?: unknown }
  if (typeof url !== 'string' || !URL.canParse(url))
    throw invalidParams('paymasterService.url must be a URL.')
  return { url, context }
}

function parseCall(value: unknown, index: number) {
  if (typeof value !== 'object' || value === null) throw invalidParams(`calls[${index}] must be an object.`)
  const call = value as Record<string, unknown>
  checkCapabilities(capabilitiesOf(call.capabilities, `calls[${index}].capabilities`))
  return {
    to: parseAddress(call.to, `calls[${index}].to`),
    data: call.data === undefined ? undefined : parseHex(call.data, `calls[${index}].data`),
    value: call.value === undefined ? 0n : parseQuantity(call.value, `calls[${index}].value`),
  }
}

/**
 * EIP-5792 `wallet_sendCalls`: the whole batch, once the user approves it, as one UserOperation of the account
 * itself (Simple7702Account's `executeBatch`) through the chain's bundler — atomic whether or not the site asked.
 * The first batch also carries the EIP-7702 authorization that delegates the account. With `paymasterService`
 * the gas is the paymaster's (ERC-7677; its refusal is passed on as it gave it, before the user is asked);
 * without, the account pays it. Answers `{ id }`.
 */
export const walletSendCalls: MethodHandler = async ({ state, request, askUser }) => {
  const batch = objectParam(request.params)
  if (batch.version !== SEND_CALLS_VERSION) throw invalidParams(`version must be "${SEND_CALLS_VERSION}".`)
  const owner = authorizedAccount(
    state,
    batch.from === undefined ? undefined : parseAddress(batch.from, 'from'),
  )
  const chain = currentChain(state)
  if (parseChainId(batch.chainId) !== chain.id) throw unsupportedChainId(String(batch.chainId))
  if (!isSmartChain(chain)) throw atomicityUnsupported(chain.id)
  if (!Array.isArray(batch.calls) || batch.calls.length === 0)
    throw invalidParams('calls must be a list of calls.')
  const calls = batch.calls.map(parseCall)
  const capabilities = capabilitiesOf(batch.capabilities, 'capabilities')
  checkCapabilities(capabilities)
  const paymaster = paymasterServiceOf(capabilities)
  if (batch.id !== undefined && (typeof batch.id !== 'string' || !isHex(batch.id)))
    throw invalidParams('id must be a hex string.')
  const id = (batch.id as string | undefined) ?? `0x${randomUUID().replaceAll('-', '')}`
  if (state.sentCalls.has(id)) throw duplicateCallsId(id)

  // As a wallet does: the operation is prepared (the paymaster asked, the gas estimated) before the user sees
  // it, so a paymaster's refusal comes before any prompt, and what the user approves is what is signed and sent.
  const client = chainClient(chain)
  const account = await smartAccount(client, owner)
  const authorization = (await isDelegated(client, account))
    ? undefined
    : await signDelegation(client, account, owner)
  const bundler = bundlerFor(chain, client, account, paymaster)
  const prepared = (await bundler.prepareUserOperation({
    account,
    calls,
    ...(authorization ? { authorization } : {}),
  })) as UserOperation
  await askUser()
  const signature = await account.signUserOperation(prepared)
  const userOperationHash = await bundler.request({
    method: 'eth_sendUserOperation',
    params: [formatUserOperationRequest({ ...prepared, signature }), account.entryPoint.address],
  })
  state.sentCalls.set(id, { chainId: chain.id, bundlerUrl: chain.bundlerUrl, userOperationHash })
  return { id }
}

/**
 * EIP-5792 `wallet_getCallsStatus([id])`: 100 while the UserOperation is pending, then 200 (its calls succeeded) or
 * 500 (reverted, all of them: the batch is atomic), with the bundle transaction's receipt and the operation's logs.
 */
export const walletGetCallsStatus: MethodHandler = async ({ state, request }) => {
  const [id] = positionalParams(request.params, 1)
  const sent = typeof id === 'string' ? state.sentCalls.get(id) : undefined
  if (!sent) throw unknownCallsId(String(id))
  const chain = state.chains.get(sent.chainId)
  if (!chain || !isSmartChain(chain)) throw unknownCallsId(String(id))
  const client = chainClient(chain)
  const bundler = bundlerFor(chain, client, await smartAccount(client, state.account))
  const found = (await bundler.request({
    method: 'eth_getUserOperationReceipt',
    params: [sent.userOperationHash],
  })) as OperationReceipt | null
  return operationCallsStatus(String(id), numberToHex(sent.chainId), found)
}
