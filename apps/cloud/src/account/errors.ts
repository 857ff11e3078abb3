import { ERROR_CODES } from '@allaccess/protocol'
import { HttpError } from '../http/errors.js'

/** A chain the account service does not serve (or no chain id at all): 400 with the reason. */
export class UnsupportedChainError extends HttpError {
  override readonly name = 'UnsupportedChainError'
  constructor(readonly chainId: string) {
    super(400, `Unsupported chain: ${chainId}`)
  }
}

/** A live read (a balance) needs a chain's upstream, which failed: 503, the client retries later. */
export class UpstreamUnavailableError extends HttpError {
  override readonly name = 'UpstreamUnavailableError'
  constructor(chain: string, reason: string) {
    super(503, `Upstream of ${chain} unavailable: ${reason}`, ERROR_CODES.upstreamUnavailable)
  }
}
