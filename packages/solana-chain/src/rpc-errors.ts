// Solana's JSON-RPC error codes and texts (solana-rpc-client-api's custom errors and jsonrpc-core's standard ones).

export const RPC_ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** Preflight simulation failed (JSON_RPC_SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE). */
  preflightFailure: -32002,
  /** JSON_RPC_SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE. */
  signatureVerification: -32003,
  /** JSON_RPC_SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION. */
  unsupportedTransactionVersion: -32015,
  /** JSON_RPC_SERVER_ERROR_MIN_CONTEXT_SLOT_NOT_REACHED. */
  minContextSlotNotReached: -32016,
} as const

export const RPC_TEXT = {
  parse: 'Parse error',
  invalidRequest: 'Invalid request',
  methodNotFound: 'Method not found',
  signatureVerification: 'Transaction signature verification failure',
  internal: 'Internal error',
  tooLarge: 'Request too large',
} as const

/** A JSON-RPC error to answer with; handlers throw it. */
export class RpcFailure extends Error {
  override readonly name: string = 'RpcFailure'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
  toJson() {
    return { code: this.code, message: this.message, ...(this.data === undefined ? {} : { data: this.data }) }
  }
}

export const invalidParams = (detail: string) => new RpcFailure(RPC_ERROR.invalidParams, detail)
