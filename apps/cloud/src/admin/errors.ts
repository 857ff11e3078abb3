import { HttpError } from '../http/errors.js'

/** No or a wrong admin token. */
export class AdminTokenError extends HttpError {
  override readonly name = 'AdminTokenError'
  constructor() {
    super(401, 'Unauthorized: invalid admin token')
  }
}
