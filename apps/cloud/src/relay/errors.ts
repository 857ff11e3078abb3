import { CloudError } from '../errors.js'
import { HttpError } from '../http/errors.js'

/** JSON-RPC error codes the relay answers with (-32005 is EIP-1474's "limit exceeded"). */
export const RelayErrorCode = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  limitExceeded: -32005,
} as const

/** A refusal answered to the client as a JSON-RPC error; the socket stays open. */
export class RelayRpcError extends CloudError<'relayRpc'> {
  override readonly name = 'RelayRpcError'
  constructor(
    /** The JSON-RPC error code (RelayErrorCode). */
    readonly rpcCode: number,
    message: string,
  ) {
    super('relayRpc', message)
  }
}

export class LimitExceededError extends RelayRpcError {
  constructor(message: string) {
    super(RelayErrorCode.limitExceeded, message)
  }
}

/** The client's token is missing, malformed, forged or expired: the upgrade is refused with 401. */
export class RelayAuthError extends HttpError {
  override readonly name = 'RelayAuthError'
  constructor(message: string) {
    super(401, message)
  }
}
