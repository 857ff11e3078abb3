import { HttpError } from '../http/errors.js'

/** A chain the account service does not serve (or no chain id at all): 400 with the reason. */
export class UnsupportedChainError extends HttpError {
  override readonly name = 'UnsupportedChainError'
  constructor(readonly chainId: string) {
    super(400, `Unsupported chain: ${chainId}`)
  }
}
