import { CloudError } from '../errors.js'

/** A command line that does not say what to do; the message says how. */
export class UsageError extends CloudError<'usage'> {
  override readonly name = 'UsageError'
  constructor(message: string) {
    super('usage', message)
  }
}
