import { BaseError } from 'viem'

/** The plain shape of an EIP-1193 error, the only form that can cross into the page. */
export interface ProviderRpcErrorShape {
  code: number
  message: string
  data?: unknown
}

/** An EIP-1193 / EIP-1474 error raised by the scripted wallet; `code` decides how viem and wagmi classify it. */
export class ProviderRpcError extends Error implements ProviderRpcErrorShape {
  override readonly name = 'ProviderRpcError'
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    if (data !== undefined) this.data = data
  }

  toShape(): ProviderRpcErrorShape {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

export const userRejected = () => new ProviderRpcError(4001, 'User rejected the request.')

export const unauthorized = (
  reason = 'The requested account and/or method has not been authorized by the user.',
) => new ProviderRpcError(4100, reason)

export const unsupportedMethod = (method: string) =>
  new ProviderRpcError(4200, `The wallet does not support the method "${method}".`)

export const providerDisconnected = () =>
  new ProviderRpcError(4900, 'The provider is disconnected from all chains.')

export const chainWithoutRpc = (chainId: number) =>
  new ProviderRpcError(
    4901,
    `The wallet has no RPC URL for chain ${chainId}, so it cannot serve this request.`,
  )

export const unrecognizedChain = (chainId: number) =>
  new ProviderRpcError(
    4902,
    `Unrecognized chain ID "0x${chainId.toString(16)}". Try adding the chain using wallet_addEthereumChain first.`,
  )

export const invalidParams = (reason: string) => new ProviderRpcError(-32602, `Invalid params: ${reason}`)

/** EIP-5792's errors: a capability the wallet lacks and the call may not go without (5700). */
export const unsupportedCapability = (capability: string) =>
  new ProviderRpcError(5700, `The wallet does not support the capability "${capability}".`)

export const unsupportedChainId = (chainId: string) =>
  new ProviderRpcError(5710, `The wallet cannot send calls on chain ${chainId} now.`)

export const duplicateCallsId = (id: string) =>
  new ProviderRpcError(5720, `There is already a batch with the id "${id}".`)

export const unknownCallsId = (id: string) => new ProviderRpcError(5730, `No batch has the id "${id}".`)

export const atomicityUnsupported = (chainId: number) =>
  new ProviderRpcError(5760, `The wallet cannot send calls atomically on chain ${chainId}.`)

type CodedError = BaseError & { code: number; data?: unknown }

/** The innermost error in the `cause` chain that carries a numeric code: what the node itself said. */
function innermostCoded(error: BaseError): CodedError | undefined {
  let coded: CodedError | undefined
  for (let current: unknown = error; current instanceof BaseError; current = current.cause) {
    if (typeof (current as { code?: unknown }).code === 'number') coded = current as CodedError
  }
  return coded
}

/** Keeps the node's own code, message and data when viem wraps an RPC failure, so the page sees what anvil said. */
export function toProviderRpcError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  if (error instanceof BaseError) {
    const coded = innermostCoded(error)
    if (coded) return new ProviderRpcError(coded.code, coded.details || coded.shortMessage, coded.data)
    return new ProviderRpcError(-32603, error.details || error.shortMessage)
  }
  return new ProviderRpcError(-32603, error instanceof Error ? error.message : String(error))
}
